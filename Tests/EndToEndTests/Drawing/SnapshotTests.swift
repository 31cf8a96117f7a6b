import Foundation
import Testing

/// `--snapshot` needs no display: it reads stdin to its end and writes one RGBA PNG. The frame's
/// pixels are tested elsewhere (KioskHUDTests); this checks the program writes a sound file.
@Suite("Snapshots from the command line", .timeLimit(.minutes(3)))
struct SnapshotTests {
    @Test(arguments: [
        ([String](), 800, 480),
        (["--window", "320x200"], 320, 200),
    ])
    func snapshotWritesAnRGBAPNGOfTheFrameSize(extraArguments: [String], width: Int, height: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-spinner-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frame.png")

        let program = try SpinnerExecutable.start(["--snapshot", file.path] + extraArguments,
                                                  environment: ChildProcess.environment(display: nil))
        try await program.send("msg hello\n")
        program.closeInput()
        #expect(try await program.ending() == .exited(0), "stderr: \(program.errors.text)")

        let header = try PNGHeader(Array(Data(contentsOf: file)))
        #expect(header == PNGHeader(width: width, height: height, bitDepth: 8, colorType: 6))
    }

    /// A timed snapshot of no commands, or of commands that change nothing, at a time when
    /// nothing has moved yet (the wheel still in its first pose) is the start picture: the same
    /// file as the settled snapshot. It was once fully transparent, as nothing new was drawn at
    /// that time.
    @Test(arguments: ["", "ping\n"])
    func aTimedSnapshotOfNothingNewIsTheStartPicture(input: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-spinner-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func snapshot(_ name: String, _ arguments: [String]) async throws -> Data {
            let file = folder.appendingPathComponent(name)
            let program = try SpinnerExecutable.start(["--snapshot", file.path, "--window", "320x200", "--fade", "0"] + arguments,
                                                      environment: ChildProcess.environment(display: nil))
            if !input.isEmpty { try await program.send(input) }
            program.closeInput()
            #expect(try await program.ending() == .exited(0), "stderr: \(program.errors.text)")
            return try Data(contentsOf: file)
        }
        // 0.04 s is 2 ticks at 60 Hz: the wheel turns a spoke every 5.
        let timed = try await snapshot("timed.png", ["--at", "0.04"])
        let settled = try await snapshot("settled.png", [])
        #expect(timed == settled)
    }

    /// `--background` is what a bare screen shows beneath the overlay, and the snapshot draws it:
    /// around the HUD, dimmed under a block's backdrop, and the whole picture while hidden.
    @Test func theBackgroundIsBeneathTheOverlayEverywhereItDrawsNothing() async throws {
        let background = ScreenColor(red: 0x20, green: 0x40, blue: 0x80)
        let arguments = ["--window", "320x200", "--background", "'#204080'"]
        let shown = try await SnapshotMatchesLiveTests.snapshot(arguments, commands: ["msg hi"])
        #expect(shown[0] == background && shown[320 * 200 - 1] == background)
        #expect(shown[100 * 320 + 160] != background, "the HUD is drawn over it")
        // 70 % black over it, each channel rounded as the overlay blends.
        let blocked = try await SnapshotMatchesLiveTests.snapshot(arguments, commands: ["msg hi", "block"])
        #expect(blocked[0] == ScreenColor(red: 10, green: 19, blue: 38))
        let hidden = try await SnapshotMatchesLiveTests.snapshot(arguments, commands: ["hide"])
        #expect(hidden.allSatisfy { $0 == background })
    }
}

