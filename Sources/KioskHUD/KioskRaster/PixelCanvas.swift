import KioskCore

/// Pixels a renderer can draw into: rows of 32-bit premultiplied ARGB words, whoever owns the
/// memory (a plain `PixelBuffer`, an SDL window's surface, a Wayland or framebuffer picture).
package protocol PixelCanvas: AnyObject {
    /// The width in pixels.
    var width: Int { get }
    /// The height in pixels.
    var height: Int { get }
    /// Runs `body` with the pixel rows, valid only during the call.
    func withPixels<R>(_ body: (PixelRows) throws -> R) rethrows -> R
}

extension PixelCanvas {
    /// The whole canvas.
    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    /// The canvas's size.
    package var size: Size { Size(width: width, height: height) }
}
