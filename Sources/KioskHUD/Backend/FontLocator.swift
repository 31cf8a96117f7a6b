import Foundation

/// Finds the bundled fonts without fontconfig: in `$KIOSK_SPINNER_FONT_DIR`, beside an installed
/// binary (`../share/kiosk-spinner/fonts`), or in the source tree's `fonts/` for a development
/// build.
enum FontLocator {
    /// The bundled fonts, in the order a character looks for its glyph: DejaVu Sans (Latin,
    /// Greek, Cyrillic, Hebrew, Arabic), then Droid Sans Fallback (Chinese, Japanese, Korean).
    static let bundledFontFiles = ["DejaVuSans.ttf", "DroidSansFallback.ttf"]

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

    /// The user's fonts, then each bundled font from the first folder that has it.
    static func fontPaths(preferring userFonts: [String]) -> [String] {
        let folders = searchFolders
        let bundled = bundledFontFiles.compactMap { file in
            folders.lazy.map { ($0 as NSString).appendingPathComponent(file) }
                .first { FileManager.default.isReadableFile(atPath: $0) }
        }
        return userFonts + bundled
    }
}
