import Glibc
internal import CSDL
import KioskCore
import KioskPlatform

/// A TrueType font opened with SDL_ttf (TTF_OpenFontRW on the file's own descriptor), resized on
/// demand (TTF_SetFontSize).
final class Font {
    private let handle: OpaquePointer
    private let session: SDLSession
    private var currentPixels: Int
    private var currentShaping = (isRightToLeft: false, script: "")
    /// Where the font was loaded from.
    let path: String

    /// Opens the font at `path`, keeping `session` (and so SDL_ttf) alive as long as the font.
    /// The path must name a regular file (`RegularFile`: a FIFO or a device is refused at once,
    /// never waited on); SDL_ttf then reads that same open file through a C stream
    /// (SDL_RWFromFP, TTF_OpenFontRW), so the file checked is the file loaded.
    init(path: String, session: SDLSession, pixels: Int = 16) throws(SDLError) {
        self.path = path
        self.session = session
        currentPixels = max(1, pixels)
        let call = "TTF_OpenFont(\(DiagnosticText.shown(path)))"
        let file: RegularFile
        do { file = try RegularFile(opening: path) } catch { throw SDLError(call: call, reason: error.reason) }
        guard let stream = file.stream() else { throw SDLError(call: call, reason: String(cString: strerror(errno))) }
        guard let source = SDL_RWFromFP(stream, SDL_TRUE) else {
            fclose(stream)
            throw SDLError(failed: call)
        }
        // With freesrc 1, SDL_ttf closes the stream when the font is closed, or at once if it fails.
        handle = try SDLError.unwrap(TTF_OpenFontRW(source, 1, Int32(currentPixels)), call)
    }

    deinit { TTF_CloseFont(handle) }

    private func use(pixels: Int) {
        let wanted = max(1, pixels)
        guard wanted != currentPixels else { return }
        if TTF_SetFontSize(handle, Int32(wanted)) == 0 { currentPixels = wanted }
    }

    /// The width of `text` at `fontPixels` (TTF_SizeUTF8); 0 when SDL_ttf cannot measure it.
    func width(of text: String, fontPixels: Int) -> Int {
        use(pixels: fontPixels)
        var width: Int32 = 0, height: Int32 = 0
        return TTF_SizeUTF8(handle, text, &width, &height) == 0 ? Int(width) : 0
    }

    /// Sets the direction and script the next measurements and renderings are shaped with
    /// (TTF_SetFontDirection, TTF_SetFontScriptName; HarfBuzz joins Arabic and orders RTL runs).
    func shape(rightToLeft: Bool, script: String) {
        guard currentShaping != (rightToLeft, script) else { return }
        currentShaping = (rightToLeft, script)
        _ = TTF_SetFontDirection(handle, rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        _ = TTF_SetFontScriptName(handle, script)
    }

    /// True when the font has a glyph for `scalar` (TTF_GlyphIsProvided32).
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        TTF_GlyphIsProvided32(handle, scalar.value) != 0
    }

    /// The distance from the top of a rendered line to its baseline at `fontPixels` (TTF_FontAscent).
    func ascent(fontPixels: Int) -> Int {
        use(pixels: fontPixels)
        return Int(TTF_FontAscent(handle))
    }

    /// The font's line skip at `fontPixels` (TTF_FontLineSkip).
    func lineHeight(fontPixels: Int) -> Int {
        use(pixels: fontPixels)
        return Int(TTF_FontLineSkip(handle))
    }

    /// `text` rendered anti-aliased in white at `fontPixels` (TTF_RenderUTF8_Blended); its alpha
    /// channel is the glyphs' coverage. Nil for text that renders to nothing.
    func render(_ text: String, fontPixels: Int) throws(SDLError) -> Surface? {
        guard !text.isEmpty else { return nil }
        use(pixels: fontPixels)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        return Surface(adopting: try SDLError.unwrap(TTF_RenderUTF8_Blended(handle, text, white), "TTF_RenderUTF8_Blended"))
    }
}
