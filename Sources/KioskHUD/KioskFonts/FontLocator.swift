import KioskCore
import KioskPlatform

/// Finds the bundled fonts without fontconfig: in `$KIOSK_SPINNER_FONT_DIR`, beside an installed
/// binary (`../share/kiosk-spinner/fonts`), or in the source tree's `fonts/` for a development
/// build.
package enum FontLocator {
    /// A bundled font other than the primary one, opened only when a character it is there for
    /// is drawn.
    package struct FallbackFont: Sendable {
        /// The file's name in the fonts folder.
        package let file: String
        /// The Unicode scalar values (its scripts' blocks) the font is opened for.
        package let scalars: [ClosedRange<UInt32>]
    }

    /// The font opened at start, where every character looks first: DejaVu Sans (Latin, Greek,
    /// Cyrillic, Hebrew, Arabic, symbols).
    package static let primaryFontFile = "DejaVuSans.ttf"

    /// The other bundled fonts, in the order a character looks for its glyph after the primary
    /// font; their blocks do not overlap.
    package static let fallbackFonts = [
        FallbackFont(file: "DroidSansFallback.ttf", scalars: [
            0x1100...0x11FF, 0x2E80...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
            0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE10...0xFE1F, 0xFE30...0xFE6F, 0xFF00...0xFFEF,
            0x10400...0x1044F, 0x20000...0x2FFFF,
        ]),
        FallbackFont(file: "NotoSansDevanagari-Regular.ttf", scalars: [0x0900...0x097F, 0x1CD0...0x1CFF, 0xA8E0...0xA8FF]),
        FallbackFont(file: "NotoSansBengali-Regular.ttf", scalars: [0x0980...0x09FF]),
        FallbackFont(file: "NotoSansGurmukhi-Regular.ttf", scalars: [0x0A00...0x0A7F]),
        FallbackFont(file: "NotoSansGujarati-Regular.ttf", scalars: [0x0A80...0x0AFF]),
        FallbackFont(file: "NotoSansTamil-Regular.ttf", scalars: [0x0B80...0x0BFF, 0x11300...0x1137F]),
        FallbackFont(file: "NotoSansTelugu-Regular.ttf", scalars: [0x0C00...0x0C7F]),
        FallbackFont(file: "NotoSansKannada-Regular.ttf", scalars: [0x0C80...0x0CFF]),
        FallbackFont(file: "NotoSansMalayalam-Regular.ttf", scalars: [0x0D00...0x0D7F]),
        FallbackFont(file: "NotoSansThai-Regular.ttf", scalars: [0x0E00...0x0E7F]),
    ]

    /// Every bundled font file, the primary one first.
    package static var bundledFontFiles: [String] { [primaryFontFile] + fallbackFonts.map(\.file) }

    /// The folders searched, in order.
    package static var searchFolders: [String] {
        var folders: [String] = []
        if let fromEnvironment = Environment.value("KIOSK_SPINNER_FONT_DIR") { folders.append(fromEnvironment) }
        if let executable = Environment.executablePath {
            folders.append(parent(of: parent(of: executable)) + "/share/kiosk-spinner/fonts")
        }
        // This file is Sources/KioskHUD/KioskFonts/FontLocator.swift in the source tree.
        let sourceTree = (0..<4).reduce(#filePath) { path, _ in parent(of: path) }
        folders.append(sourceTree + "/fonts")
        return folders
    }

    /// The fonts opened at start: the user's, then the primary bundled font from the first
    /// folder that has it.
    package static func fontPaths(preferring userFonts: [String]) -> [String] {
        userFonts + [bundledPath(of: primaryFontFile, in: searchFolders)].compactMap { $0 }
    }

    /// Each fallback font found, with its path from the first folder that has it.
    package static func fallbackPaths() -> [(font: FallbackFont, path: String)] {
        let folders = searchFolders
        return fallbackFonts.compactMap { font in bundledPath(of: font.file, in: folders).map { (font, $0) } }
    }

    /// `file` in the first of `folders` that has it readable.
    private static func bundledPath(of file: String, in folders: [String]) -> String? {
        folders.lazy.map { $0 + "/" + file }.first(where: Environment.isReadable)
    }

    /// `path` without its last component ("/" for a top-level name).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension FontChain {
    /// The message fonts: `userFonts` in order and the primary bundled font, opened now, then
    /// the other bundled fonts, each opened when a character needs it, then (unless
    /// `looksUpSystemFonts` is false) the system's fonts.
    package static func opening(_ userFonts: [String], looksUpSystemFonts: Bool = true) throws(FontError) -> FontChain {
        let paths = FontLocator.fontPaths(preferring: userFonts)
        guard !paths.isEmpty else {
            throw FontError(call: "FT_Open_Face", reason: "no font given and no " + FontLocator.primaryFontFile
                + " found in " + FontLocator.searchFolders.joined(separator: ", "))
        }
        let library = try FontLibrary()
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path, library: library)) }
        let deferred = FontLocator.fallbackPaths().map { DeferredFont(path: $0.path, scalars: $0.font.scalars, library: library) }
        return FontChain(fonts, deferred: deferred, library: library, looksUpSystemFonts: looksUpSystemFonts)
    }
}
