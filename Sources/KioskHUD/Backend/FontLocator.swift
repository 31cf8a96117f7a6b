import Foundation

/// Finds the bundled default font without fontconfig: beside an installed binary
/// (`../share/kiosk-spinner/fonts`), in `$KIOSK_SPINNER_FONT_DIR`, or in the source tree's
/// `fonts/` for a development build.
enum FontLocator {
    /// The bundled font's file name.
    static let defaultFontFile = "DejaVuSans.ttf"

    /// The folders searched, in order.
    static var searchFolders: [String] {
        var folders: [String] = []
        if let fromEnvironment = ProcessInfo.processInfo.environment["KIOSK_SPINNER_FONT_DIR"] {
            folders.append(fromEnvironment)
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            folders.append(binDirectory.appendingPathComponent("../share/kiosk-spinner/fonts").standardized.path)
        }
        let sourceTree = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(sourceTree.appendingPathComponent("fonts").path)
        return folders
    }

    /// The first font to use: the user's first `--font`, else the bundled one; nil when none is
    /// found.
    static func fontPath(preferring userFonts: [String]) -> String? {
        if let first = userFonts.first { return first }
        return searchFolders.lazy
            .map { ($0 as NSString).appendingPathComponent(defaultFontFile) }
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }
}
