/// Where the HUD, its indicator, its message and its details line go on a screen: the HUD is
/// sized from what it holds, as an iOS HUD is.
///
/// Vertical: the indicator on top, the text under it, `padding` on every side (less the room
/// under the last baseline at the bottom) and `gap` between them; at least as wide as it is tall, so a short message gives a square. Horizontal:
/// the indicator before the text in reading order (left of it, right of it for right-to-left
/// text), both centred on one line. A Cancel (`--cancel`) is a band across the HUD's whole width
/// under all that, apart from the wheel. The HUD is centred on the screen.
public struct HUDLayout: Sendable, Equatable {
    /// The HUD's rounded rectangle.
    public var hud: PixelRect
    /// The HUD's corner radius in pixels.
    public var cornerRadiusPixels: Int
    /// The rectangle the wheel, the progress gauge or the outcome's mark is drawn in.
    public var indicatorBox: PixelRect
    /// The area the message's lines are centred in; empty when there is no message.
    public var textArea: PixelRect
    /// The area the details line is centred in; empty when there is none.
    public var detailArea: PixelRect
    /// The Cancel's band at the bottom of the HUD, its whole width; empty when there is none.
    public var cancelArea: PixelRect

    /// Lays out a HUD on `screen` with `metrics`, holding an indicator of `indicator` size and
    /// text blocks of `message` and `detail` size (zero when absent) and a Cancel band of
    /// `cancel` size (its label's width with room around it, and its height; zero when absent);
    /// the horizontal layout is mirrored when the text reads `rightToLeft`.
    public init(screen: Size, metrics: HUDMetrics, layout: LayoutKind, indicator: Size, message: Size, detail: Size,
                cancel: Size = Size(width: 0, height: 0), rightToLeft: Bool = false) {
        let padding = metrics.paddingPixels
        let hasMessage = message.height > 0, hasDetail = detail.height > 0
        let textWidth = max(message.width, detail.width)
        let textHeight = message.height + detail.height + (hasMessage && hasDetail ? metrics.detailGapPixels : 0)
        let gap = textHeight > 0 ? metrics.gapPixels : 0
        let center = Point(x: Double(screen.width) / 2, y: Double(screen.height) / 2)
        let textTop: Int, textLeft: Int, areaWidth: Int
        switch layout {
        case .vertical:
            let bottom = textHeight > 0 ? metrics.bottomPaddingPixels : padding
            let height = padding + indicator.height + gap + textHeight + bottom + cancel.height
            let width = min(screen.width, max(height - cancel.height, 2 * padding + max(indicator.width, textWidth), cancel.width))
            hud = PixelRect(centeredAt: center, width: width, height: height)
            indicatorBox = PixelRect(x: hud.x + (hud.width - indicator.width) / 2, y: hud.y + padding,
                                     width: indicator.width, height: indicator.height)
            textTop = indicatorBox.maxY + gap
            textLeft = hud.x + padding
            areaWidth = hud.width - 2 * padding
        case .horizontal:
            let lineHeight = 2 * padding + max(indicator.height, textHeight)
            let width = min(screen.width, max(lineHeight, 2 * padding + indicator.width + gap + textWidth, cancel.width))
            hud = PixelRect(centeredAt: center, width: width, height: lineHeight + cancel.height)
            let contentLeft = hud.x + (hud.width - (indicator.width + gap + textWidth)) / 2
            let indicatorLeft = rightToLeft ? contentLeft + textWidth + gap : contentLeft
            indicatorBox = PixelRect(x: indicatorLeft, y: hud.y + (lineHeight - indicator.height) / 2,
                                     width: indicator.width, height: indicator.height)
            textTop = hud.y + (lineHeight - textHeight) / 2
            textLeft = rightToLeft ? contentLeft : indicatorBox.maxX + gap
            areaWidth = textWidth
        }
        textArea = PixelRect(x: textLeft, y: textTop, width: hasMessage ? areaWidth : 0, height: message.height)
        let detailTop = textTop + (hasMessage ? message.height + metrics.detailGapPixels : 0)
        detailArea = PixelRect(x: textLeft, y: detailTop, width: hasDetail ? areaWidth : 0, height: detail.height)
        cancelArea = cancel.height > 0
            ? PixelRect(x: hud.x, y: hud.maxY - cancel.height, width: hud.width, height: cancel.height) : .empty
        cornerRadiusPixels = min(metrics.cornerRadiusPixels, min(hud.width, hud.height) / 2)
    }

    /// Moves everything `pixels` down (to make room above the HUD).
    public mutating func move(down pixels: Int) {
        for rect in [\Self.hud, \Self.indicatorBox, \Self.textArea, \Self.detailArea, \Self.cancelArea] { self[keyPath: rect].y += pixels }
    }
}
