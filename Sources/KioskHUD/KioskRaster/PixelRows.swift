import KioskCore

/// Borrowed access to a canvas's 32-bit pixels, valid only inside `PixelCanvas.withPixels`.
package struct PixelRows {
    package let base: UnsafeMutablePointer<UInt32>
    package let pitchPixels: Int
    package let width: Int
    package let height: Int

    /// The first pixel of row `y`.
    /// Wraps `height` rows of `width` pixels starting at `base`, `pitchPixels` apart.
    package init(base: UnsafeMutablePointer<UInt32>, pitchPixels: Int, width: Int, height: Int) {
        self.base = base
        self.pitchPixels = pitchPixels
        self.width = width
        self.height = height
    }

    package func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * pitchPixels }
}

extension PixelRows {
    /// Sets every pixel of `rect` (clipped to the surface) to `pixel`.
    package func fill(_ rect: PixelRect, with pixel: PremultipliedPixel) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            row(y).advanced(by: clipped.x).update(repeating: pixel.word, count: clipped.width)
        }
    }

    /// Draws `pixel` over whatever is at (`x`, `y`); the caller keeps the point inside.
    package func blend(_ pixel: PremultipliedPixel, x: Int, y: Int) {
        let target = row(y) + x
        target.pointee = pixel.over(PremultipliedPixel(word: target.pointee)).word
    }

    /// Draws a rounded rectangle of `color` over the surface, anti-aliased at its corners.
    package func fillRoundedRect(_ rect: PixelRect, cornerRadius: Int, color: Color) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        let solid = PremultipliedPixel(color)
        let radius = Double(cornerRadius)
        for y in clipped.y..<clipped.maxY {
            let inCornerRows = y < rect.y + cornerRadius || y >= rect.maxY - cornerRadius
            let line = row(y)
            for x in clipped.x..<clipped.maxX {
                let inCorner = inCornerRows && (x < rect.x + cornerRadius || x >= rect.maxX - cornerRadius)
                let pixel = inCorner
                    ? PremultipliedPixel(color, coverage: Coverage.roundedRect(x: Double(x) + 0.5, y: Double(y) + 0.5,
                                                                              rect: rect, cornerRadius: radius))
                    : solid
                line[x] = pixel.over(PremultipliedPixel(word: line[x])).word
            }
        }
    }

    /// Draws `edge` along the inside of the rim of `rect` rounded by `cornerRadius`: the band
    /// between that rounded rectangle and the one `edge.widthPixels` inside it, anti-aliased.
    package func drawRim(of rect: PixelRect, cornerRadius: Int, _ edge: Frame.Edge) {
        let width = edge.widthPixels
        let inner = rect.insetBy(width)
        let outerRadius = Double(cornerRadius), innerRadius = Double(max(0, cornerRadius - width))
        // Only the band along the rim is looked at: the middle, clear of the corners, is not.
        let reach = max(cornerRadius, width) + 1
        let middle = rect.insetBy(reach)
        for band in rect.subtracting(middle) {
            paint(edge.color, within: band) { x, y in
                Coverage.roundedRect(x: x, y: y, rect: rect, cornerRadius: outerRadius)
                    - Coverage.roundedRect(x: x, y: y, rect: inner, cornerRadius: innerRadius)
            }
        }
    }

    /// Draws `shadow` under the rounded rectangle `rect`, outside it only: darkest along its rim
    /// moved down by the drop, fading out (quadratically) over the blur.
    package func drawShadow(_ shadow: Frame.Shadow, of rect: PixelRect, cornerRadius: Int) {
        let cast = PixelRect(x: rect.x, y: rect.y + shadow.dropPixels, width: rect.width, height: rect.height)
        let radius = Double(cornerRadius), blur = Double(max(1, shadow.blurPixels))
        // The HUD's middle, clear of its rim and corners, is not looked at.
        let reach = cornerRadius + 1
        let middle = rect.insetBy(reach)
        for band in shadow.reach(of: rect).subtracting(middle) {
            paint(shadow.color, within: band) { x, y in
                let outside = 1 - Coverage.roundedRect(x: x, y: y, rect: rect, cornerRadius: radius)
                guard outside > 0 else { return 0 }
                let fade = max(0, 1 - Coverage.distance(x: x, y: y, toRoundedRect: cast, cornerRadius: radius) / blur)
                return outside * fade * fade
            }
        }
    }

    /// Draws the spokes of `wheel`, turned by `turn`, centred in `box`, over the surface.
    package func drawWheel(_ wheel: SpokeWheel, turn: Double, in box: PixelRect) {
        let center = box.center
        for spoke in wheel.spokes(turn: turn) {
            let line = wheel.centreLine(of: spoke)
            let start = Point(x: center.x + line.inner.x, y: center.y + line.inner.y)
            let end = Point(x: center.x + line.outer.x, y: center.y + line.outer.y)
            let reach = wheel.spokeHalfWidth + 1
            let spokeBounds = PixelRect(x: Int((min(start.x, end.x) - reach).rounded(.down)),
                                        y: Int((min(start.y, end.y) - reach).rounded(.down)),
                                        width: Int((abs(end.x - start.x) + 2 * reach).rounded(.up)) + 1,
                                        height: Int((abs(end.y - start.y) + 2 * reach).rounded(.up)) + 1)
                .intersection(box)
            paint(wheel.color.fading(by: spoke.strength), within: spokeBounds) { x, y in
                Coverage.capsule(x: x, y: y, from: start, to: end, halfWidth: wheel.spokeHalfWidth)
            }
        }
    }

    /// Copies `rect` of `source` to the same place here; both must contain `rect`.
    package func copy(_ rect: PixelRect, from source: PixelRows, to origin: (x: Int, y: Int)) {
        for offset in 0..<rect.height {
            (row(origin.y + offset) + origin.x).update(from: source.row(rect.y + offset) + rect.x, count: rect.width)
        }
    }

    /// Draws `pixel` over every pixel of `rect` (clipped to the surface).
    package func blend(_ pixel: PremultipliedPixel, over rect: PixelRect) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            let line = row(y)
            for x in clipped.x..<clipped.maxX {
                line[x] = pixel.over(PremultipliedPixel(word: line[x])).word
            }
        }
    }

    /// Copies all of `picture` with its top-left corner at `origin`, the part inside `clip`
    /// (by default the whole surface) and inside the surface only.
    package func place(_ picture: PixelRows, at origin: (x: Int, y: Int), within clip: PixelRect? = nil) {
        let target = PixelRect(x: origin.x, y: origin.y, width: picture.width, height: picture.height)
            .intersection(clip ?? bounds).intersection(bounds)
        guard !target.isEmpty else { return }
        for y in target.y..<target.maxY {
            (row(y) + target.x).update(from: picture.row(y - origin.y) + (target.x - origin.x), count: target.width)
        }
    }

    /// Draws all of `picture` over the surface (Porter-Duff "over") with its top-left corner at
    /// `origin`, clipped to the surface.
    package func draw(_ picture: PixelRows, at origin: (x: Int, y: Int)) {
        let target = PixelRect(x: origin.x, y: origin.y, width: picture.width, height: picture.height).intersection(bounds)
        guard !target.isEmpty else { return }
        for y in target.y..<target.maxY {
            let line = row(y), source = picture.row(y - origin.y)
            for x in target.x..<target.maxX {
                line[x] = PremultipliedPixel(word: source[x - origin.x]).over(PremultipliedPixel(word: line[x])).word
            }
        }
    }

    /// Lays every pixel over the opaque `ground` (a bare screen's --background), so that the
    /// surface shows what a screen with that colour beneath the overlay shows.
    package func lay(over ground: PremultipliedPixel) {
        for y in 0..<height {
            let line = row(y)
            for x in 0..<width { line[x] = PremultipliedPixel(word: line[x]).over(ground).word }
        }
    }

    /// The whole surface as a rectangle.
    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

extension PixelRows {
    /// Draws `color` over the surface wherever `mask` (a white ARGB8888 glyph surface) has alpha,
    /// with the mask's top-left corner at `origin`; clipped to the surface.
    package func blend(mask: PixelRows, at origin: (x: Int, y: Int), color: Color) {
        let target = PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height).intersection(bounds)
        guard !target.isEmpty else { return }
        for y in target.y..<target.maxY {
            let source = mask.row(y - origin.y)
            for x in target.x..<target.maxX {
                let coverage = source[x - origin.x] >> 24
                if coverage > 0 { blend(PremultipliedPixel(color, coverage: Double(coverage) / 255), x: x, y: y) }
            }
        }
    }
}

extension PixelRows {
    /// Draws `color` over the surface wherever `coverage(x, y)` (taken at pixel centres) is
    /// positive, within `bounds`.
    package func paint(_ color: Color, within area: PixelRect, coverage: (Double, Double) -> Double) {
        let clipped = area.intersection(bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX {
                let amount = coverage(Double(x) + 0.5, Double(y) + 0.5)
                if amount > 0 { blend(PremultipliedPixel(color, coverage: amount), x: x, y: y) }
            }
        }
    }

    /// Fades every pixel of `rect` to `opacity` (0...1) of the way from `underlay`'s pixel to
    /// it: the whole picture fading over what it was drawn on (over transparent, every channel
    /// times `opacity`).
    package func fade(_ rect: PixelRect, opacity: Double, over underlay: Underlay = .transparent) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty, opacity < 1 else { return }
        let keep = UInt32((min(max(opacity, 0), 1) * 255).rounded())
        if let picture = underlay.picture {
            picture.withPixels { fade(clipped, keeping: keep, over: $0, at: underlay.area) }
        } else {
            fade(clipped, keeping: keep, over: nil, at: underlay.area)
        }
    }

    private func fade(_ rect: PixelRect, keeping keep: UInt32, over beneath: PixelRows?, at area: PixelRect) {
        for y in rect.y..<rect.maxY {
            let line = row(y)
            let under = beneath.flatMap { y >= area.y && y < area.maxY ? $0.row(y - area.y) : nil }
            for x in rect.x..<rect.maxX {
                let pixel = PremultipliedPixel(word: line[x])
                if let under, x >= area.x, x < area.maxX {
                    line[x] = pixel.mixed(with: PremultipliedPixel(word: under[x - area.x]), keeping: keep).word
                } else {
                    line[x] = pixel.scaled(by: keep).word
                }
            }
        }
    }

    /// Moves every pixel of `rect` that `underlay` covers `keeping` (0...1) of the way to
    /// `underlay`'s pixel there: a treated picture of the screen laid over it in part.
    package func mix(_ rect: PixelRect, towards underlay: Underlay, keeping: Double) {
        guard let picture = underlay.picture, keeping > 0 else { return }
        let clipped = rect.intersection(bounds).intersection(underlay.area)
        guard !clipped.isEmpty else { return }
        let keep = UInt32((min(keeping, 1) * 255).rounded())
        picture.withPixels { treated in
            for y in clipped.y..<clipped.maxY {
                let line = row(y), source = treated.row(y - underlay.area.y)
                for x in clipped.x..<clipped.maxX {
                    line[x] = PremultipliedPixel(word: source[x - underlay.area.x])
                        .mixed(with: PremultipliedPixel(word: line[x]), keeping: keep).word
                }
            }
        }
    }

    /// Sets every pixel of `rect` (clipped to the surface) back to `underlay`'s: what is
    /// beneath the overlay where it was read, transparent elsewhere.
    package func restore(_ rect: PixelRect, from underlay: Underlay) {
        fill(rect, with: .transparent)
        underlay.picture?.withPixels { place($0, at: (underlay.area.x, underlay.area.y), within: rect) }
    }
}
