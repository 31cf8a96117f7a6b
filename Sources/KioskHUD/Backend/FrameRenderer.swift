/// Turns `Frame` descriptions into pixels on a target surface, redrawing only what changed:
/// the whole panel (backdrop, HUD, message) when a command changed it, otherwise just the wheel's
/// square from a cache of pre-rendered poses.
final class FrameRenderer {
    /// Where the frames are drawn: a window's surface or an offscreen one.
    let target: Surface
    private let font: FontChain
    private var drawnPanel: Frame.Panel?
    private var drawnWheel: Frame.WheelPose?
    private var sprites = WheelSprites()

    /// Creates a renderer drawing into `target` (which must be directly drawable) with `font`.
    init(target: Surface, font: FontChain) {
        self.target = target
        self.font = font
    }

    /// Draws `frame` and returns the rectangles whose pixels changed.
    func draw(_ frame: Frame) throws(SDLError) -> [PixelRect] {
        if frame.panel != drawnPanel {
            let dirty = try redrawPanel(frame.panel, wheel: frame.wheel)
            drawnPanel = frame.panel
            drawnWheel = frame.wheel
            return dirty.isEmpty ? [] : [dirty]
        }
        guard let panel = frame.panel, let wheel = frame.wheel, wheel != drawnWheel else { return [] }
        try drawWheel(wheel, panel: panel)
        drawnWheel = wheel
        return [wheel.box]
    }

    /// Forgets what was drawn, so the next frame is drawn whole.
    func invalidate() {
        drawnPanel = nil
        drawnWheel = nil
        target.withPixels { $0.fill($0.bounds, with: .transparent) }
    }

    private func redrawPanel(_ panel: Frame.Panel?, wheel: Frame.WheelPose?) throws(SDLError) -> PixelRect {
        let everything = target.bounds
        let old = drawnPanel.map { $0.backdrop == nil ? $0.hud : everything } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        target.withPixels { $0.fill(old, with: .transparent) }
        guard let panel else { return old }
        target.withPixels { rows in
            if let backdrop = panel.backdrop { rows.fill(everything, with: PremultipliedPixel(backdrop)) }
            rows.fillRoundedRect(panel.hud, cornerRadius: panel.cornerRadiusPixels, color: panel.hudColor)
        }
        for label in panel.labels {
            for (index, line) in label.text.lines.enumerated() {
                guard let glyphs = try font.render(line, fontPixels: label.text.fontPixels) else { continue }
                let left = label.area.x + (label.area.width - glyphs.width) / 2
                target.withPixels { rows in
                    glyphs.withPixels { mask in rows.blend(mask: mask, at: (left, label.lineTop(index)), color: label.color) }
                }
            }
        }
        if let wheel { try drawWheel(wheel, panel: panel) }
        return old.union(panel.backdrop == nil ? panel.hud : everything)
    }

    private func drawWheel(_ wheel: Frame.WheelPose, panel: Frame.Panel) throws(SDLError) {
        let background = PremultipliedPixel(panel.hudColor).over(panel.backdrop.map { PremultipliedPixel($0) } ?? .transparent)
        let sprite = try sprites.sprite(for: wheel, background: background)
        let box = wheel.box.intersection(target.bounds)
        guard !box.isEmpty else { return }
        let source = PixelRect(x: box.x - wheel.box.x, y: box.y - wheel.box.y, width: box.width, height: box.height)
        target.withPixels { rows in sprite.withPixels { rows.copy(source, from: $0, to: (box.x, box.y)) } }
    }
}
