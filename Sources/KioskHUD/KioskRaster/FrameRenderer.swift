import KioskCore

/// Turns `Frame` descriptions into pixels on a target surface, over an underlay (what is beneath
/// the overlay, where it was read), redrawing only what changed: the whole panel (backdrop, HUD,
/// text, at its opacity) when a command, a fade or the underlay changed it, otherwise just the
/// indicator's square (the wheel from a cache of pre-rendered poses). It knows pixels and glyphs
/// only: every backend, and `--snapshot`, draws with it.
///
/// Created to leave the surround, it writes only the panel's island (the HUD, its shadow and
/// what it holds) and reports the one colour of everything around it (`surround`), for a
/// target that can show a colour without keeping it in memory: a bare screen, where nothing is
/// beneath the overlay, so a dimming backdrop is one colour but on the HUD.
package final class FrameRenderer {
    /// Where the frames are drawn: a window's surface, a mapped picture, or a plain buffer.
    package let target: any PixelCanvas
    /// What the frames are drawn over: transparent unless the screen beneath was read. A new
    /// one redraws the panel at the next `draw`.
    package var underlay = Underlay.transparent {
        didSet { underlayChanged = true }
    }
    private var underlayChanged = false
    private let glyphs: any GlyphSource
    private let leavesSurround: Bool
    /// Where the target holds the frame's pixels and the one colour around that: the whole
    /// target, unless the renderer was created to leave the surround.
    package private(set) var surround: Surround
    private var drawnPanel: Frame.Panel?
    private var drawnIndicator: Frame.Indicator?
    /// The indicator's square as the panel left it, before the indicator was drawn on it.
    private var indicatorBackground: (box: PixelRect, picture: PixelBuffer)?
    private var sprites = WheelSprites()
    /// The logo scaled to the size it was last drawn at.
    private var scaledLogo: (picture: LogoPicture, scaled: PixelBuffer)?
    /// The underlay frosted, kept while it is the same picture: blurred for beneath the HUD,
    /// and blurred twice as far and drained of colour for a frozen screen while blocking.
    private var frosted: (source: PixelBuffer, blurPixels: Int, blurred: Underlay?, frozen: Underlay?)?

    /// Creates a renderer drawing into `target` with text from `glyphs`; with `leavingSurround`,
    /// only into the panel's island, for a target with nothing beneath it (no underlay is set).
    package init(target: any PixelCanvas, glyphs: any GlyphSource, leavingSurround: Bool = false) {
        self.target = target
        self.glyphs = glyphs
        leavesSurround = leavingSurround
        surround = Surround(island: leavingSurround ? .empty : target.bounds, pixel: .transparent)
    }

    /// Draws `frame` and returns the rectangles whose pixels changed.
    package func draw(_ frame: Frame) throws(GlyphFailure) -> [PixelRect] {
        if frame.panel != drawnPanel || underlayChanged || frame.indicator.map(\.box) != indicatorBackground?.box {
            let dirty = try redrawPanel(frame.panel, indicator: frame.indicator)
            drawnPanel = frame.panel
            drawnIndicator = frame.indicator
            underlayChanged = false
            return dirty.isEmpty ? [] : [dirty]
        }
        guard let panel = frame.panel, let indicator = frame.indicator, indicator != drawnIndicator else { return [] }
        try draw(indicator)
        target.withPixels { $0.fade(indicator.box, opacity: panel.opacity, over: underlay) }
        drawnIndicator = indicator
        return [indicator.box]
    }

    private func redrawPanel(_ panel: Frame.Panel?, indicator: Frame.Indicator?) throws(GlyphFailure) -> PixelRect {
        let everything = target.bounds
        /// What a panel draws on: the whole screen under a backdrop (unless the surround is
        /// left), else the HUD, its shadow and the logo.
        func extent(of panel: Frame.Panel) -> PixelRect {
            panel.backdrop == nil || leavesSurround
                ? panel.hud.union(panel.shadow?.reach(of: panel.hud) ?? panel.hud).union(panel.logo?.rect ?? .empty)
                    .intersection(everything)
                : everything
        }
        let old = leavesSurround ? surround.island : drawnPanel.map(extent) ?? .empty
        // While the HUD changes size its content is laid out for the size it is going to, and
        // may reach past it: what lies outside the HUD is put back after the content is drawn.
        let content = panel.map { panel in
            panel.labels.map(\.area).reduce(indicator?.box ?? panel.hud) { $0.union($1) }.intersection(everything)
        }
        let area = panel.map { extent(of: $0).union(content ?? $0.hud) } ?? old
        target.withPixels { $0.restore(old.union(area), from: underlay) }
        indicatorBackground = nil
        guard let panel else { return adopt(Surround(island: .empty, pixel: .transparent), changed: old) }
        let frost = frostedUnderlays(panel.frost)
        /// What shows around the HUD in `rect`: the screen as it was read, frozen as far as
        /// the backdrop is drawn, under the backdrop.
        func drawBeneath(_ rect: PixelRect) {
            if let frozen = frost.frozen { target.withPixels { $0.mix(rect, towards: frozen, keeping: panel.frost.freeze) } }
            if let backdrop = panel.backdrop { target.withPixels { $0.blend(PremultipliedPixel(backdrop), over: rect) } }
        }
        if let blurred = frost.blurred { target.withPixels { $0.restore(panel.hud, from: blurred) } }
        drawBeneath(leavesSurround ? area : everything)
        target.withPixels { rows in
            let fill = frost.blurred == nil ? panel.hudColor : panel.frost.hudFill ?? panel.hudColor
            rows.fillRoundedRect(panel.hud, cornerRadius: panel.cornerRadiusPixels, color: fill)
            if let edge = panel.edge { rows.drawRim(of: panel.hud, cornerRadius: panel.cornerRadiusPixels, edge) }
            if let cancel = panel.cancel { rows.draw(cancel) }
        }
        for label in panel.labels {
            for (index, line) in label.text.lines.enumerated() {
                try drawText(line, fontPixels: label.text.fontPixels, color: label.color, centredIn: label.area,
                             top: label.lineTop(index))
            }
        }
        if let indicator {
            indicatorBackground = (indicator.box, target.withPixels { PixelBuffer(copying: indicator.box, of: $0) })
            try draw(indicator)
        }
        for outside in (content ?? panel.hud).subtracting(panel.hud) {
            target.withPixels { $0.restore(outside, from: underlay) }
            drawBeneath(outside)
        }
        if let shadow = panel.shadow {
            target.withPixels { $0.drawShadow(shadow, of: panel.hud, cornerRadius: panel.cornerRadiusPixels) }
        }
        if let logo = panel.logo {
            let picture = scaled(logo)
            target.withPixels { rows in picture.withPixels { rows.draw($0, at: (logo.rect.x, logo.rect.y)) } }
        } else {
            // `logo off`: the pictures go with it.
            scaledLogo = nil
        }
        target.withPixels { $0.fade(area, opacity: panel.opacity, over: underlay) }
        return adopt(Surround(island: area, pixel: Self.surroundPixel(of: panel)), changed: old.union(area))
    }

    /// `logo`'s picture at the size it is drawn, scaled again only when the picture or the size
    /// changed.
    private func scaled(_ logo: Frame.Logo) -> PixelBuffer {
        if let scaledLogo, scaledLogo.picture == logo.picture, scaledLogo.scaled.width == logo.rect.width,
           scaledLogo.scaled.height == logo.rect.height {
            return scaledLogo.scaled
        }
        let scaled = logo.picture.scaled(to: Size(width: logo.rect.width, height: logo.rect.height))
        scaledLogo = (logo.picture, scaled)
        return scaled
    }

    /// Takes `next` as the surround where it is left, and returns what changed: `changed`, or
    /// the whole target when the surround's colour did.
    private func adopt(_ next: Surround, changed: PixelRect) -> PixelRect {
        guard leavesSurround else { return changed }
        defer { surround = next }
        return next.pixel == surround.pixel ? changed : target.bounds
    }

    /// The one colour around the island: the panel's backdrop over nothing, at its opacity,
    /// drawn as the panel's own pixels are, so the two meet without a seam.
    private static func surroundPixel(of panel: Frame.Panel) -> PremultipliedPixel {
        PixelBuffer(width: 1, height: 1).withPixels { rows in
            if let backdrop = panel.backdrop { rows.blend(PremultipliedPixel(backdrop), over: rows.bounds) }
            rows.fade(rows.bounds, opacity: panel.opacity)
            return PremultipliedPixel(word: rows.row(0)[0])
        }
    }

    /// The underlay blurred (for beneath the HUD, unless its fill was chosen) and frozen (for
    /// the whole screen while the default backdrop is drawn), made once for each picture read;
    /// nil where nothing was read.
    private func frostedUnderlays(_ frost: Frame.Frost) -> (blurred: Underlay?, frozen: Underlay?) {
        guard let source = underlay.picture else { return (nil, nil) }
        if frosted?.source !== source || frosted?.blurPixels != frost.blurPixels {
            frosted = (source, frost.blurPixels, nil, nil)
        }
        if frost.hudFill != nil, frosted?.blurred == nil {
            frosted?.blurred = underlay.withPicture { $0.frosted(radius: frost.blurPixels, drained: false) }
        }
        if frost.freeze > 0, frosted?.frozen == nil {
            frosted?.frozen = underlay.withPicture { $0.frosted(radius: 2 * frost.blurPixels, drained: true) }
        }
        return (frost.hudFill == nil ? nil : frosted?.blurred, frost.freeze > 0 ? frosted?.frozen : nil)
    }

    private func drawText(_ text: String, fontPixels: Int, color: Color, centredIn area: PixelRect, top: Int) throws(GlyphFailure) {
        guard let line = try glyphs.render(text, fontPixels: fontPixels) else { return }
        // Centred by its ink: the empty half of a final full-width "。" is not counted.
        let inked = line.width - LineBreaks.emptyEndWidth(of: text, fontPixels: fontPixels, measurer: glyphs)
        let left = area.x + (area.width - inked) / 2
        target.withPixels { rows in
            line.withPixels { rows.blend(mask: $0, at: (left, top + line.top), color: color) }
        }
    }

    /// Draws the indicator over its square as the panel left it (`indicatorBackground`).
    private func draw(_ indicator: Frame.Indicator) throws(GlyphFailure) {
        guard let background = indicatorBackground?.picture else { return }
        let box = indicator.box
        let origin = (x: box.x, y: box.y)
        switch indicator {
        case .wheel(let pose):
            let sprite = sprites.sprite(for: pose, background: background)
            target.withPixels { rows in sprite.withPixels { rows.place($0, at: origin) } }
        case .progress(let gauge):
            target.withPixels { rows in
                background.withPixels { rows.place($0, at: origin) }
                let track = gauge.color.fading(by: 0.25)
                switch gauge.style {
                case .ring:
                    let ring = gauge.ring
                    for (color, sweep) in [(track, 2 * Double.pi), (gauge.color, 2 * Double.pi * gauge.fraction)] {
                        rows.paint(color, within: box) { x, y in
                            Coverage.arc(x: x, y: y, center: ring.center, radius: ring.radius, halfWidth: ring.halfWidth, sweep: sweep)
                        }
                    }
                case .bar:
                    let bar = gauge.barTrack
                    rows.fillRoundedRect(bar, cornerRadius: bar.height / 2, color: track)
                    let filled = PixelRect(x: bar.x, y: bar.y, width: Int((Double(bar.width) * gauge.fraction).rounded()),
                                           height: bar.height)
                    if filled.width > 0 { rows.fillRoundedRect(filled, cornerRadius: min(bar.height, filled.width) / 2, color: gauge.color) }
                }
            }
            if let percent = gauge.percentText {
                try drawText(percent, fontPixels: gauge.percentFontPixels, color: gauge.color, centredIn: box, top: gauge.percentTop)
            }
        case .outcome(let mark):
            target.withPixels { rows in
                background.withPixels { rows.place($0, at: origin) }
                if let circle = mark.circle {
                    rows.paint(mark.color, within: box) { x, y in
                        Coverage.arc(x: x, y: y, center: circle.center, radius: circle.radius, halfWidth: circle.halfWidth,
                                     sweep: 2 * Double.pi * mark.circleDrawn)
                    }
                }
                for stroke in mark.strokes {
                    rows.paint(mark.color, within: box) { x, y in
                        Coverage.capsule(x: x, y: y, from: stroke.start, to: stroke.end, halfWidth: stroke.halfWidth)
                    }
                }
            }
        }
    }
}
