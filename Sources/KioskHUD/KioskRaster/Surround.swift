import KioskCore

/// A frame as a renderer leaving the surround draws it: the target's pixels inside `island`,
/// `pixel` everywhere around it.
package struct Surround: Equatable, Sendable {
    /// Where the target holds the frame's pixels.
    package let island: PixelRect
    /// The colour of every pixel outside `island`.
    package let pixel: PremultipliedPixel
}
