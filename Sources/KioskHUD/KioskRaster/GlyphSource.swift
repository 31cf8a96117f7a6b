import KioskCore

/// Where the renderer's text comes from: measured for the layout (the core's `TextMeasurer`)
/// and drawn as coverage masks. The FreeType font chain (KioskFonts) is one; the rasterizer knows no font
/// library.
package protocol GlyphSource: TextMeasurer {
    /// `text` as one line: white, premultiplied, its alpha the glyphs' coverage, every run on one
    /// baseline; nil when it draws nothing.
    func render(_ text: String, fontPixels: Int) throws(GlyphFailure) -> GlyphLine?
}

/// A line of text as a glyph source draws it: its coverage picture and where the picture's top
/// lies from the top of the line's place, so ink that reaches past the line (a mark below an
/// Arabic letter's tail, an accent stacked over a capital) is drawn, not cut.
package final class GlyphLine: PixelCanvas {
    /// The coverage: white, premultiplied, alpha the glyphs' coverage.
    package let picture: PixelBuffer
    /// The picture's top from the line's top: 0, or less where ink reaches above the line.
    package let top: Int

    /// A line drawn as `picture`, its top `top` pixels below the line's top.
    package init(picture: PixelBuffer, top: Int) {
        self.picture = picture
        self.top = top
    }

    package var width: Int { picture.width }
    package var height: Int { picture.height }

    package func withPixels<R>(_ body: (PixelRows) throws -> R) rethrows -> R {
        try picture.withPixels(body)
    }
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
