import Foundation
import Testing

/// The program on a kiosk with no system fonts: fontconfig reads a configuration that names no
/// font folder (FONTCONFIG_FILE), so every character must come from the bundled fonts. A
/// character no font has would be reported on stderr ("no font has U+...").
@Suite("Bundled fonts without system fonts", .timeLimit(.minutes(3)))
struct BundledFontTests {
    @Test(arguments: [
        "Please wait…", "Παρακαλώ περιμένετε…", "Пожалуйста, подождите…", "يرجى الانتظار…", "אנא המתן…",
        "请稍候…", "しばらくお待ちください…", "잠시만 기다려 주세요…", "กรุณารอสักครู่…", "कृपया प्रतीक्षा करें…",
        "অনুগ্রহ করে অপেক্ষা করুন…", "தயவுசெய்து காத்திருக்கவும்…", "దయచేసి వేచి ఉండండి…", "કૃપા કરીને રાહ જુઓ…",
        "ਕਿਰਪਾ ਕਰਕੇ ਉਡੀਕ ਕਰੋ…", "ದಯವಿಟ್ಟು ನಿರೀಕ್ಷಿಸಿ…", "ദയവായി കാത്തിരിക്കൂ…",
    ])
    func everyScriptIsDrawnWithoutSystemFonts(message: String) async throws {
        let folder = try TemporaryFolder()
        let configuration = folder.path("fonts.conf")
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        var environment = ChildProcess.environment(display: nil)
        environment["FONTCONFIG_FILE"] = configuration
        environment["KIOSK_SPINNER_FONT_DIR"] = nil

        let file = folder.path("frame.png")
        let program = try SpinnerExecutable.start(["--snapshot", file, "--window", "1920x1080"], environment: environment)
        try await program.send("msg \(message)\n")
        program.closeInput()
        #expect(try await program.ending() == .exited(0))
        #expect(program.errors.text.isEmpty, "stderr: \(program.errors.text)")
        #expect(try PNGHeader(Array(Data(contentsOf: URL(fileURLWithPath: file)))).width == 1920)
    }
}
