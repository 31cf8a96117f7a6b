import KioskCore

/// Where the renderer's text comes from: measured for the layout (the core's `TextMeasurer`)
/// and drawn as coverage masks. The FreeType font chain (KioskFonts) is one; the rasterizer knows no font
/// library.
package protocol GlyphSource: TextMeasurer {
    /// `text` as one line: white, premultiplied, its alpha the glyphs' coverage, every run on one
    /// baseline; nil when it draws nothing.
    func render(_ text: String, fontPixels: Int) throws(GlyphFailure) -> PixelBuffer?
}

/// Text that could not be drawn, with the font library's reason.
package struct GlyphFailure: Error, Sendable, CustomStringConvertible {
    /// What failed and why, as the font library said.
    package var description: String

    /// Records why drawing text failed.
    package init(_ description: String) {
        self.description = description
    }
}
