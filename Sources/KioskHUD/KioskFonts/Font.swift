internal import CFreeType
import KioskCore
import KioskPlatform

/// A scalable TrueType or OpenType font: read by FreeType through the file's own descriptor,
/// shaped by HarfBuzz, resized on demand. It measures and draws runs of one direction and script;
/// `FontChain` decides which characters it draws.
package final class Font {
    /// Where the font was loaded from.
    package let path: String
    private let library: FontLibrary
    private let file: RegularFile
    /// FreeType's view of `file`; FreeType keeps its address for as long as the face lives.
    private let stream: UnsafeMutablePointer<FT_StreamRec>
    private let face: FT_Face
    /// The HarfBuzz font over `face` (an hb_font_t).
    private let shaper: OpaquePointer
    private var currentPixels = 0
    /// The ink extents of glyphs measured so far, by size and glyph (`inkExtent(of:)`).
    private var inkExtents: [UInt64: InkExtent] = [:]
    /// The most ink extents remembered before they are forgotten all at once.
    static let inkExtentLimit = 4096

    /// A glyph of a shaped run: its index in the font and where its origin lies, in 1/64 pixel,
    /// right and up from the run's pen position.
    struct PlacedGlyph {
        var index: UInt32
        var x: Int
        var y: Int
    }

    /// Opens the font at `path` with `library`, which the font keeps alive. The path must name a
    /// regular file (`RegularFile`: a FIFO or a device is refused at once, never waited on), and
    /// FreeType reads that same open file, so the file checked is the file loaded.
    package init(path: String, library: FontLibrary, pixels: Int = 16) throws(FontError) {
        let call = "FT_Open_Face(\(DiagnosticText.shown(path)))"
        let file: RegularFile
        do { file = try RegularFile(opening: path) } catch { throw FontError(call: call, reason: error.reason) }
        let stream = UnsafeMutablePointer<FT_StreamRec>.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(file.size)
        stream.pointee.descriptor.pointer = Unmanaged.passUnretained(file).toOpaque()
        stream.pointee.read = readFontFile
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream
        var opened: FT_Face?
        let status = FT_Open_Face(library.handle, &arguments, 0, &opened)
        guard status == 0, let face = opened else {
            stream.deallocate()
            throw FontError(call: call, status: status)
        }
        guard cft_is_scalable(face) != 0, let shaper = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            stream.deallocate()
            throw FontError(call: call, reason: "not a scalable font")
        }
        hb_ft_font_set_load_flags(shaper, cft_load_flags())
        self.path = path
        self.library = library
        self.file = file
        self.stream = stream
        self.face = face
        self.shaper = shaper
        use(pixels: pixels)
    }

    deinit {
        hb_font_destroy(shaper)
        FT_Done_Face(face)
        stream.deallocate()
    }

    private func use(pixels: Int) {
        let wanted = max(1, pixels)
        guard wanted != currentPixels, FT_Set_Pixel_Sizes(face, 0, FT_UInt(wanted)) == 0 else { return }
        currentPixels = wanted
        hb_ft_font_changed(shaper)
    }

    /// True when the font has a glyph for `scalar`.
    package func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// A design distance of the font (ascender, descender, line gap, as a length) at
    /// `fontPixels`, rounded up to whole pixels.
    private func pixels(of designUnits: Int, fontPixels: Int) -> Int {
        use(pixels: fontPixels)
        let scaled = Int(FT_MulFix(FT_Long(designUnits), face.pointee.size.pointee.metrics.y_scale))
        return (scaled + 63) >> 6
    }

    /// The distance from the top of a line to its baseline at `fontPixels`.
    package func ascent(fontPixels: Int) -> Int { pixels(of: Int(face.pointee.ascender), fontPixels: fontPixels) }

    /// The distance from the baseline to the bottom of a line at `fontPixels`.
    package func descent(fontPixels: Int) -> Int { pixels(of: -Int(face.pointee.descender), fontPixels: fontPixels) }

    /// The distance from one baseline to the next at `fontPixels`.
    package func lineHeight(fontPixels: Int) -> Int { pixels(of: Int(face.pointee.height), fontPixels: fontPixels) }

    /// `run` shaped at `fontPixels` (HarfBuzz): its glyphs left to right and its advance, in
    /// 1/64 pixel.
    func shape(_ run: TextRun, fontPixels: Int) -> (glyphs: [PlacedGlyph], advance: Int) {
        use(pixels: fontPixels)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, run.text, -1, 0, -1)
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !run.script.isEmpty { hb_buffer_set_script(buffer, hb_script_from_string(run.script, -1)) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return ([], 0) }
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var pen = 0
        for index in 0..<Int(count) {
            let position = positions[index]
            glyphs.append(PlacedGlyph(index: infos[index].codepoint, x: pen + Int(position.x_offset), y: Int(position.y_offset)))
            pen += Int(position.x_advance)
        }
        return (glyphs, pen)
    }

    /// How far the ink of glyph `index` reaches from its origin at `fontPixels`, in whole pixels
    /// with y down: left and right, top (negative: above the baseline) and bottom; all 0 for a
    /// glyph without ink.
    func inkExtent(of index: UInt32, fontPixels: Int) -> InkExtent {
        use(pixels: fontPixels)
        let key = UInt64(currentPixels) << 32 | UInt64(index)
        if let known = inkExtents[key] { return known }
        guard FT_Load_Glyph(face, index, cft_load_flags()) == 0 else { return InkExtent() }
        let metrics = face.pointee.glyph.pointee.metrics
        let left = Int(metrics.horiBearingX), width = Int(metrics.width)
        let top = Int(metrics.horiBearingY), height = Int(metrics.height)
        let extent = width > 0 && height > 0
            ? InkExtent(left: left >> 6, right: (left + width + 63) >> 6, top: -((top + 63) >> 6), bottom: (height - top + 63) >> 6)
            : InkExtent()
        if inkExtents.count >= Self.inkExtentLimit { inkExtents.removeAll(keepingCapacity: true) }
        inkExtents[key] = extent
        return extent
    }

    /// Where a glyph's ink lies around its origin, in whole pixels, y down.
    struct InkExtent {
        var left = 0
        var right = 0
        var top = 0
        var bottom = 0
    }

    /// Draws the coverage of glyph `index` at `fontPixels` with its origin at (`x`, `baseline`)
    /// in whole pixels: `plot` gets each covered pixel with its coverage, 1...255.
    func drawGlyph(_ index: UInt32, fontPixels: Int, x: Int, baseline: Int,
                   plot: (_ x: Int, _ y: Int, _ coverage: UInt8) -> Void) throws(FontError) {
        use(pixels: fontPixels)
        var status = FT_Load_Glyph(face, index, cft_load_flags())
        if status == 0 { status = FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) }
        guard status == 0 else { throw FontError(call: "FT_Render_Glyph(\(index))", status: status) }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard let rows = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return }
        let left = x + Int(slot.bitmap_left), top = baseline - Int(slot.bitmap_top)
        for row in 0..<Int(bitmap.rows) {
            let line = rows + row * Int(bitmap.pitch)
            for column in 0..<Int(bitmap.width) where line[column] > 0 {
                plot(left + column, top + row, line[column])
            }
        }
    }
}

/// FreeType's read function for a font's stream: reads from the font's `RegularFile` at
/// `offset` (a count of 0 only asks whether `offset` lies within the file: 0 means yes).
private let readFontFile: FT_Stream_IoFunc = { stream, offset, buffer, count in
    guard let stream, let descriptor = stream.pointee.descriptor.pointer else { return count == 0 ? 1 : 0 }
    guard count > 0 else { return offset <= stream.pointee.size ? 0 : 1 }
    guard let buffer else { return 0 }
    let file = Unmanaged<RegularFile>.fromOpaque(descriptor).takeUnretainedValue()
    let read = try? file.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(count)), at: Int(offset))
    return UInt(read ?? 0)
}

/// One FreeType library instance for the fonts opened with it (FT_Init_FreeType); every font
/// keeps it alive, and it is released after the last of them (FT_Done_FreeType).
package final class FontLibrary {
    fileprivate let handle: FT_Library

    /// Starts FreeType.
    package init() throws(FontError) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw FontError(call: "FT_Init_FreeType", status: status) }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// A font that could not be opened or a glyph that could not be drawn: which call, and why.
package struct FontError: Error, Sendable, CustomStringConvertible {
    /// The call that failed, with the file or glyph it was for.
    package var call: String
    /// Why, as FreeType or the system said.
    package var reason: String

    /// Records a failure whose reason is known.
    package init(call: String, reason: String) {
        self.call = call
        self.reason = reason
    }

    /// Records a failure FreeType reported with `status`, in words for the usual ones (FreeType
    /// as distributions build it has no texts of its own).
    init(call: String, status: FT_Error) {
        let words: [FT_Error: String] = [
            0x02: "not a font FreeType reads (unknown file format)", 0x03: "the font file is broken",
            0x40: "out of memory", 0x55: "the file ends too early: not a font, or cut short",
        ]
        self.init(call: call, reason: words[status] ?? "FreeType error \(status)")
    }

    package var description: String { "\(call) failed: \(reason)" }
}
