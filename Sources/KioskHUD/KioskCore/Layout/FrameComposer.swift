/// Lays a session's HUD out on one display and describes its frame: the panel, the fitted text,
/// the indicator, and the regions drawn and taking input. One per display, each for its own
/// size and scale; they all follow the one `HostSession`, so mirrored displays cannot drift.
///
/// Text is fitted only when the message, the details line or the look changed.
public struct FrameComposer: Sendable {
    /// The screen the overlay covers (turned, when the panel is).
    public let screen: Size
    /// How much this display multiplies sizes given in pixels (HiDPI).
    public let scale: Int
    /// The display's density, which sets the legible type size.
    public let dotsPerInch: Double
    private var fitted: FittedPanel?
    /// The HUD's rectangle in the last frame composed, and the tick of that frame.
    private var composedHUD: (rect: PixelRect, tick: Int)?
    /// The HUD changing size: from the rectangle drawn when the layout changed to the new one.
    private var resize: (from: PixelRect, to: PixelRect, startTick: Int, ticks: Int)?
    /// Where the Cancel takes a press in the last frame composed; nil when none is drawn.
    public private(set) var cancelTarget: PixelRect?

    /// The text and look a layout was made for, with the result.
    private struct FittedPanel {
        var message: String
        var detail: String
        var appearance: Appearance
        var gauge: GaugeShape
        var showsCancel: Bool
        var metrics: HUDMetrics
        var layout: HUDLayout
        var labels: [Frame.Label]
        /// What of the message could not be shown, said once; nil when it shows whole.
        var cut: String?
        /// The logo above the HUD, where it fits.
        var logo: Frame.Logo?
        /// How the logo had to be drawn smaller or left out, said once; nil when it is as asked.
        var logoCut: String?
    }

    /// The shape of what stands in the wheel's place: a square (wheel, ring, mark) or a bar, with
    /// or without the percentage's line under it.
    private struct GaugeShape: Equatable {
        var isBar = false
        var hasPercentLine = false
    }

    /// Creates a composer for a screen of `screen` pixels at `dotsPerInch`, multiplying sizes
    /// given in pixels by `scale`.
    public init(screen: Size, scale: Int = 1, dotsPerInch: Double = DisplayDensity.assumedDotsPerInch) {
        self.screen = screen
        self.scale = max(1, scale)
        self.dotsPerInch = dotsPerInch
    }

    /// How the last layout had to adapt to a screen too small for it (the wheel or the type
    /// shrunk, the message cut); nil when it did not.
    public var adaptation: String? {
        // With the logo alone, what the HUD would have had to give up is not shown, and not said.
        let hudAdaptations = fitted?.appearance.showsHUD == false ? [] : [fitted?.metrics.adaptation, fitted?.cut]
        let said = (hudAdaptations + [fitted?.logoCut]).compactMap { $0 }
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }

    /// The frame of `session` at `tick`, measuring text with `measurer` when the text changed.
    /// Settle the session (or advance it) after applying commands, so their visibility is drawn.
    public mutating func frame(of session: HostSession, atTick tick: Int, measurer: some TextMeasurer) -> Frame {
        let presence = session.presence, state = session.state
        guard presence.isDrawn else {
            composedHUD = nil
            resize = nil
            cancelTarget = nil
            return Frame(panel: nil, indicator: nil, input: .nothing, visible: .nothing)
        }
        let appearance = session.appearance
        let showsGauge = !state.showsWheel && state.outcome == nil
        let gauge = GaugeShape(isBar: showsGauge && appearance.progressStyle == .bar, hasPercentLine: showsGauge && appearance.showsPercent)
        // The Cancel is there while the task is: not beside an outcome, nor with the logo alone.
        let showsCancel = appearance.cancelLabel != nil && state.outcome == nil && appearance.showsHUD
        let text = fittedPanel(message: Self.inked(session.shownMessage), detail: Self.inked(session.shownDetail),
                               appearance: appearance, gauge: gauge, showsCancel: showsCancel, measurer: measurer)
        let layout = text.layout
        let hud = resizedHUD(to: layout.hud, atTick: tick, over: session.motion.resizeTicks)
        let opacity = presence.opacity(atTick: tick)
        let backdrop = session.backdropStrength(atTick: tick)
        let panel = Frame.Panel(
            backdrop: backdrop > 0 ? appearance.backdropColor?.fading(by: backdrop) : nil,
            hud: hud, cornerRadiusPixels: layout.cornerRadiusPixels, hudColor: appearance.hudColor,
            edge: appearance.chosenColor(.hud) == nil && appearance.showsHUD
                ? Frame.Edge(color: appearance.theme.palette.edge, widthPixels: scale) : nil,
            shadow: appearance.showsHUD ? shadow(appearance) : nil,
            frost: frost(appearance, backdropStrength: backdrop),
            labels: text.labels, opacity: (opacity * 255).rounded() / 255,
            logo: text.logo.map { Frame.Logo(picture: $0.picture, rect: Self.logoRect($0.rect, above: hud, laidOutAbove: layout.hud)) },
            cancel: showsCancel ? cancelButton(layout.cancelArea, cornerRadiusPixels: layout.cornerRadiusPixels, appearance,
                                               pressed: session.isCancelPressed) : nil)
        cancelTarget = panel.cancel?.area
        let hudRegion = appearance.showsHUD ? ScreenRegion.roundedRect(hud, cornerRadiusPixels: layout.cornerRadiusPixels) : .nothing
        // The shadow, where there is one, shows around the HUD, the logo above it; only the HUD
        // takes input.
        let aroundHUD = panel.shadow.map { shadow in
            ScreenRegion.roundedRect(shadow.reach(of: hud), cornerRadiusPixels: layout.cornerRadiusPixels + shadow.blurPixels)
        } ?? hudRegion
        let drawnRegion = panel.logo.map { ScreenRegion.adding(aroundHUD, $0.rect) } ?? aroundHUD
        let resizing = resize.flatMap { tick < $0.startTick + $0.ticks ? $0.from.union($0.to) : nil }
        // The logo goes with the HUD: its way is in the reach too.
        let logoWay = resize.flatMap { resize in
            text.logo.map { Self.logoRect($0.rect, above: resize.from, laidOutAbove: layout.hud)
                .union(Self.logoRect($0.rect, above: resize.to, laidOutAbove: layout.hud)) }
        } ?? .empty
        return Frame(panel: panel,
                     indicator: appearance.showsHUD
                        ? indicator(of: session, look: appearance, metrics: text.metrics, in: layout.indicatorBox, atTick: tick) : nil,
                     input: state.isBlocking ? .everything : hudRegion,
                     visible: panel.backdrop == nil ? drawnRegion : .everything,
                     resizeReach: resizing.map { (panel.shadow?.reach(of: $0) ?? $0).union(logoWay) })
    }

    /// The Cancel's band at `area` of a HUD rounded by `cornerRadiusPixels`, under a hairline,
    /// lit while `pressed` by a rounded rectangle just inside the band.
    private func cancelButton(_ area: PixelRect, cornerRadiusPixels: Int, _ appearance: Appearance,
                              pressed: Bool) -> Frame.CancelButton {
        let divider = PixelRect(x: area.x, y: area.y, width: area.width, height: scale)
        let inset = max(2 * divider.height, cornerRadiusPixels / 4)
        let light = Frame.CancelButton.Light(
            rect: PixelRect(x: area.x + inset, y: divider.maxY + inset, width: area.width - 2 * inset,
                            height: area.maxY - divider.maxY - 2 * inset),
            cornerRadiusPixels: max(0, cornerRadiusPixels - inset),
            color: appearance.textColor.fading(by: Self.cancelPressedStrength))
        return Frame.CancelButton(area: area, divider: divider, dividerColor: appearance.textColor.fading(by: Self.cancelDividerStrength),
                                  light: pressed ? light : nil)
    }

    /// How strong the Cancel's hairline is next to the text's colour.
    static let cancelDividerStrength = 0.25
    /// How strong the light over a pressed Cancel is next to the text's colour.
    static let cancelPressedStrength = 0.2

    /// The logo placed at `rect` above a HUD laid out at `laidOut`, kept as far above `hud` (the
    /// HUD as drawn, while it changes size) and centred on it.
    private static func logoRect(_ rect: PixelRect, above hud: PixelRect, laidOutAbove laidOut: PixelRect) -> PixelRect {
        PixelRect(x: rect.x + hud.x + hud.width / 2 - (laidOut.x + laidOut.width / 2), y: rect.y + hud.y - laidOut.y,
                  width: rect.width, height: rect.height)
    }

    /// How far the material's soft edges reach on this display (the frost's blur, the shadow's
    /// fade): `Frame.Frost.blurMillimetres` in pixels.
    private var softEdgePixels: Int {
        Int((Frame.Frost.blurMillimetres * dotsPerInch / DisplayDensity.millimetresPerInch).rounded())
    }

    /// The theme's soft shadow under its own fill: fading out over 1.5 mm, cast a third of that
    /// down; none with a chosen fill or in a theme without one.
    private func shadow(_ appearance: Appearance) -> Frame.Shadow? {
        guard appearance.chosenColor(.hud) == nil, let color = appearance.theme.palette.shadow else { return nil }
        let blur = max(2, softEdgePixels)
        return Frame.Shadow(color: color, blurPixels: blur, dropPixels: max(1, blur / 3))
    }

    /// How the screen beneath is frosted where it is read: the theme's fill lighter over it,
    /// the default backdrop freezing it as strongly as the backdrop is drawn.
    private func frost(_ appearance: Appearance, backdropStrength: Double) -> Frame.Frost {
        let theme = appearance.theme.palette.hud
        return Frame.Frost(
            blurPixels: max(1, softEdgePixels),
            hudFill: appearance.chosenColor(.hud) == nil
                ? Color(red: theme.red, green: theme.green, blue: theme.blue, alpha: Frame.Frost.frostedFillAlpha) : nil,
            freeze: appearance.backdropColor == Appearance.defaultBackdropColor ? backdropStrength : 0)
    }

    /// The next tick after `tick` at which this display's picture changes by itself (the HUD
    /// changing size), or nil.
    public func nextChangeTick(after tick: Int) -> Int? {
        guard let resize, tick < resize.startTick + resize.ticks else { return nil }
        return tick + 1
    }

    /// The HUD's rectangle at `tick` on its way to `target`: a new layout is reached over
    /// `ticks` from the rectangle last composed (wherever a change before left it), unless the
    /// last one was composed at this very tick (a burst of commands is one change).
    private mutating func resizedHUD(to target: PixelRect, atTick tick: Int, over ticks: Int) -> PixelRect {
        if let composed = composedHUD, composed.tick < tick, composed.rect != target, resize?.to != target, ticks > 0 {
            resize = (composed.rect, target, tick, ticks)
        } else if resize?.to != target {
            resize = nil
        }
        var rect = target
        if let resize {
            let eased = Transition.eased(Transition.fraction(from: resize.startTick, atTick: tick, over: resize.ticks))
            func between(_ from: Int, _ to: Int) -> Int { from + Int((Double(to - from) * eased).rounded()) }
            let from = resize.from
            rect = PixelRect(x: between(from.x, target.x), y: between(from.y, target.y),
                             width: between(from.width, target.width), height: between(from.height, target.height))
        }
        composedHUD = (rect, tick)
        return rect
    }

    /// What stands in the wheel's place at `tick`.
    private func indicator(of session: HostSession, look appearance: Appearance, metrics: HUDMetrics, in box: PixelRect,
                           atTick tick: Int) -> Frame.Indicator {
        if let outcome = session.state.outcome {
            return .outcome(Frame.OutcomeMark(box: box, kind: outcome.kind, color: appearance[.mark(outcome.kind)],
                                              drawn: session.markDrawn(atTick: tick)))
        }
        if !session.state.showsWheel, let progress = session.state.progress {
            let percent = appearance.showsPercent ? appearance.numberStyle.percentage(progress.rounded(.down)) : nil
            return .progress(Frame.ProgressGauge(box: box, fraction: session.gaugeFraction(atTick: tick), style: appearance.progressStyle,
                                                 color: appearance.wheelColor, percentText: percent,
                                                 percentFontPixels: metrics.detailFontPixels,
                                                 barThicknessPixels: metrics.barThicknessPixels, ringPixels: metrics.wheelPixels))
        }
        let wheel = SpokeWheel(count: appearance.spokeCount, radius: Double(box.width) / 2, color: appearance.wheelColor)
        return .wheel(Frame.WheelPose(box: box, wheel: wheel, poseIndex: session.poseIndex(atTick: tick),
                                      poseCount: session.poseCount))
    }

    /// `text`, or nothing when it is only spaces and line breaks (which would leave a blank band).
    private static func inked(_ text: String) -> String {
        text.allSatisfy(\.isWhitespace) ? "" : text
    }

    /// The tallest a HUD's text may make it, as a fraction of the screen's height.
    static let tallestFraction = 0.8
    /// A bar is at least this many wheels wide.
    static let barWidthInWheels = 2

    /// The layout and fitted labels for this text and look, fitting only on a change: the text
    /// is fitted to the widest the HUD may be (wrap before shrink), then the HUD is sized
    /// around the fitted text and the indicator.
    private mutating func fittedPanel(message: String, detail: String, appearance: Appearance, gauge: GaugeShape,
                                      showsCancel: Bool, measurer: some TextMeasurer) -> FittedPanel {
        if let fitted, fitted.message == message, fitted.detail == detail, fitted.appearance == appearance,
           fitted.gauge == gauge, fitted.showsCancel == showsCancel {
            return fitted
        }
        let legibility = Legibility(dotsPerInch: dotsPerInch, viewingDistanceCentimetres: appearance.viewingDistanceCentimetres)
        let metrics = HUDMetrics(screen: screen, appearance: appearance, legibility: legibility, scale: scale)
        let wheel = metrics.wheelPixels
        let besideText = appearance.layout == .horizontal ? (gauge.isBar ? wheel * Self.barWidthInWheels : wheel) : 0
        let percentLine = gauge.hasPercentLine
            ? Frame.ProgressGauge.percentGapPixels + measurer.lineHeight(of: appearance.numberStyle.percentage(100), fontPixels: metrics.detailFontPixels) : 0
        let indicatorHeight = (gauge.isBar ? metrics.barThicknessPixels : wheel) + percentLine
        let heightLimit = Int(Double(screen.height) * Self.tallestFraction) - 2 * metrics.paddingPixels
            - (appearance.layout == .vertical ? indicatorHeight + metrics.gapPixels : 0)
        /// The message and the details fitted into lines at most `width` wide (wrap before shrink).
        func fitTexts(width: Int) -> [FittedMessage] {
            var fits: [FittedMessage] = []
            for (text, isDetail) in [(message, false), (detail, true)] where !text.isEmpty {
                let nominal = isDetail
                    ? metrics.detailFontPixels(besideMessageOf: fits.first?.fontPixels ?? metrics.messageFontPixels)
                    : metrics.messageFontPixels
                let above = fits.first.map { $0.lines.count * $0.lineHeightPixels } ?? 0
                let fitter = MessageFitter(widthPixels: width, heightPixels: heightLimit - above, nominalFontPixels: nominal,
                                           minimumFontPixels: isDetail ? nominal : metrics.smallestFontPixels,
                                           maximumLines: appearance.maximumLines ?? .max)
                fits.append(fitter.fit(text, measurer: measurer))
            }
            return fits
        }
        var fits = fitTexts(width: metrics.textWidthLimit(layout: appearance.layout, indicatorWidth: besideText))
        // A message that would shrink or be cut widens the HUD first, on a small screen.
        if let shrunk = fits.first, !message.isEmpty, shrunk.fontPixels < metrics.messageFontPixels || shrunk.isTruncated,
           let widened = metrics.widenedWidthPixels {
            let wider = fitTexts(width: metrics.textWidthLimit(layout: appearance.layout, indicatorWidth: besideText, hudWidth: widened))
            // Wider wins when its type is larger, or as large and showing more of the message
            // (all of it, or more of what is cut either way).
            func shown(_ fit: FittedMessage) -> Int { fit.isTruncated ? fit.lines.reduce(0) { $0 + $1.count } : .max }
            if let first = wider.first, first.fontPixels > shrunk.fontPixels
                || (first.fontPixels == shrunk.fontPixels && shown(first) > shown(shrunk)) {
                fits = wider
            }
        }
        var labels: [Frame.Label] = []
        var blocks: [Size] = []
        for (fit, isDetail) in zip(fits, message.isEmpty ? [true] : [false, true]) {
            let widest = fit.lines.map { line in
                measurer.width(of: line, fontPixels: fit.fontPixels)
                    - LineBreaks.emptyEndWidth(of: line, fontPixels: fit.fontPixels, measurer: measurer)
            }.max() ?? 0
            blocks.append(Size(width: widest, height: fit.lines.count * fit.lineHeightPixels))
            let color = isDetail ? appearance.textColor.fading(by: appearance.detailStrength) : appearance.textColor
            labels.append(Frame.Label(text: fit, area: .empty, color: color))
        }
        let cut = fits.first.flatMap { first in
            first.isTruncated && !message.isEmpty
                ? "the message does not fit the \(screen.width)x\(screen.height) screen whole even at \(first.fontPixels) px: "
                    + "its end is cut" : nil
        }
        let empty = Size(width: 0, height: 0)
        let messageBlock = message.isEmpty ? empty : blocks[0]
        let detailBlock = detail.isEmpty ? empty : blocks[blocks.count - 1]
        // A ring's box is as wide as the widest percentage under it.
        let percentWidth = gauge.hasPercentLine ? measurer.width(of: appearance.numberStyle.percentage(100), fontPixels: metrics.detailFontPixels) : 0
        let indicatorWidth = gauge.isBar
            ? max(wheel * Self.barWidthInWheels, appearance.layout == .vertical ? max(messageBlock.width, detailBlock.width) : 0)
            : max(wheel, percentWidth)
        let indicator = Size(width: indicatorWidth, height: indicatorHeight)
        // The Cancel's label on one line, in the message's type, in a band at least 9 mm each way.
        let cancelLabel = showsCancel ? appearance.cancelLabel.map { label in
            MessageFitter(widthPixels: metrics.textWidthLimit(layout: .vertical, indicatorWidth: 0), nominalFontPixels: metrics.messageFontPixels,
                          minimumFontPixels: metrics.smallestFontPixels, maximumLines: 1).fit(label, measurer: measurer)
        } : nil
        let targetPixels = Int((Frame.CancelButton.minimumMillimetres * dotsPerInch / DisplayDensity.millimetresPerInch).rounded(.up))
        let cancelBand = cancelLabel.map { fit in
            Size(width: max(targetPixels, 2 * metrics.paddingPixels + (fit.lines.first.map { measurer.width(of: $0, fontPixels: fit.fontPixels) } ?? 0)),
                 height: max(targetPixels, fit.lineHeightPixels + metrics.paddingPixels))
        } ?? Size(width: 0, height: 0)
        var layout = HUDLayout(screen: screen, metrics: metrics, layout: appearance.layout, indicator: indicator,
                               message: messageBlock, detail: detailBlock, cancel: cancelBand,
                               rightToLeft: BidiLine.isRightToLeft(message.isEmpty ? detail : message))
        if !appearance.showsHUD {
            // The logo alone: no HUD, nothing in it, the logo in the middle of the screen.
            let middle = PixelRect(centeredAt: Point(x: Double(screen.width) / 2, y: Double(screen.height) / 2), width: 0, height: 0)
            (layout.hud, layout.indicatorBox, layout.textArea, layout.detailArea) = (middle, middle, middle, middle)
            labels = []
        }
        let (logo, logoCut) = placedLogo(appearance, above: &layout, metrics: metrics)
        for index in labels.indices {
            labels[index].area = index == 0 && !message.isEmpty ? layout.textArea : layout.detailArea
        }
        if let cancelLabel {
            labels.append(Frame.Label(text: cancelLabel, area: layout.cancelArea, color: appearance.textColor))
        }
        let result = FittedPanel(message: message, detail: detail, appearance: appearance, gauge: gauge, showsCancel: showsCancel,
                                 metrics: metrics,
                                 layout: layout, labels: labels, cut: cut, logo: logo, logoCut: logoCut)
        fitted = result
        return result
    }

    /// The logo of `appearance` placed above the HUD of `layout`, which moves down to make room
    /// for it, and what had to give when it is drawn smaller or not at all.
    private func placedLogo(_ appearance: Appearance, above layout: inout HUDLayout,
                            metrics: HUDMetrics) -> (logo: Frame.Logo?, cut: String?) {
        guard let picture = appearance.logo else { return (nil, nil) }
        let placement = LogoPlacement(picture: picture.size, heightMillimetres: appearance.logoHeightMillimetres,
                                      dotsPerInch: dotsPerInch, above: layout.hud, screen: screen, marginPixels: metrics.paddingPixels)
        let asked = "the logo does not fit with the HUD on the \(screen.width)x\(screen.height) screen "
            + "at \(HostSession.number(appearance.logoHeightMillimetres)) mm"
        guard let rect = placement.rect else { return (nil, asked + ": it is not drawn") }
        layout.move(down: placement.hudDropPixels)
        let millimetres = Double(rect.height) * DisplayDensity.millimetresPerInch / dotsPerInch
        return (Frame.Logo(picture: picture, rect: rect),
                placement.shrunk ? asked + ": it is drawn \(rect.height) px (\(HostSession.number(millimetres)) mm) tall" : nil)
    }
}
