import KioskCore

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
        if let fromEnvironment = Environment.value("KIOSK_SPINNER_FONT_DIR") { folders.append(fromEnvironment) }
        if let executable = Environment.executablePath {
            folders.append(parent(of: parent(of: executable)) + "/share/kiosk-spinner/fonts")
        }
        // This file is Sources/KioskHUD/Backend/Program/FontLocator.swift in the source tree.
        let sourceTree = (0..<5).reduce(#filePath) { path, _ in parent(of: path) }
        folders.append(sourceTree + "/fonts")
        return folders
    }

    /// The user's fonts, then each bundled font from the first folder that has it.
    static func fontPaths(preferring userFonts: [String]) -> [String] {
        let folders = searchFolders
        let bundled = bundledFontFiles.compactMap { file in
            folders.lazy.map { $0 + "/" + file }.first(where: Environment.isReadable)
        }
        return userFonts + bundled
    }

    /// `path` without its last component ("/" for a top-level name).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
