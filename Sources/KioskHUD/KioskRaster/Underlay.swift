import KioskCore

/// What the overlay is drawn over: the screen's pixels as read from beneath its window, in the
/// canvas's coordinates, and transparent wherever nothing was read. On a screen no compositor
/// blends, a redraw starts from it and a fade blends towards it, so the HUD's soft corners and
/// a dimming backdrop show what is really beneath them. Transparent everywhere for a snapshot
/// and under a compositor, which blends the translucent pixels itself.
package struct Underlay {
    /// The part of the canvas that was read; empty when nothing was.
    package let area: PixelRect
    /// The pixels read, as large as `area`; nil when nothing was read.
    package let picture: PixelBuffer?

    /// Nothing read: transparent everywhere.
    package static var transparent: Underlay { Underlay(area: .empty, picture: nil) }

    private init(area: PixelRect, picture: PixelBuffer?) {
        self.area = area
        self.picture = picture
    }

    /// This underlay with its picture made into another as large (`change`, which returns nil
    /// when it cannot); nil when nothing was read or the change failed.
    package func withPicture(changedBy change: (PixelBuffer) -> PixelBuffer?) -> Underlay? {
        picture.flatMap(change).map { Underlay(area: area, picture: $0) }
    }

    /// This underlay for `area` instead: the pixels it holds inside `area` are kept (on the
    /// screen the overlay's window covers them, so they cannot be read again), and when `area`
    /// reaches past them, the whole of `area` is read with `read`, which returns a picture as
    /// large as the rectangle it is given, or nil when it cannot (then left transparent).
    package func covering(_ area: PixelRect, reading read: (PixelRect) -> PixelBuffer?) -> Underlay {
        guard !area.isEmpty else { return .transparent }
        guard area != self.area else { return self }
        let offset = (x: self.area.x - area.x, y: self.area.y - area.y)
        if let picture, area.intersection(self.area) == area {
            let kept = area.offsetBy(-self.area.x, -self.area.y)
            return Underlay(area: area, picture: picture.withPixels { PixelBuffer(copying: kept, of: $0) })
        }
        let fresh = read(area) ?? PixelBuffer(width: area.width, height: area.height)
        if let picture {
            fresh.withPixels { target in picture.withPixels { target.place($0, at: offset) } }
        }
        return Underlay(area: area, picture: fresh)
    }
}

private extension PixelRect {
    /// The same rectangle moved by (`dx`, `dy`).
    func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }
}
