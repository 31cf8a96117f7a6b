/// Lays a session's HUD out on one display and describes its frame: the panel, the fitted text,
/// the indicator, and the regions drawn and taking input. One per display, each for its own
/// size and scale; they all follow the one `HostSession`, so mirrored displays cannot drift.
///
/// Text is fitted only when the message, the details line or the look changed.
public struct FrameComposer: Sendable {
    /// The screen the overlay covers (turned, when the panel is).
    public let screen: Size
    /// How much this display multiplies every size (HiDPI).
    public let scale: Int
    private var fitted: FittedPanel?

    /// The text and look a layout was made for, with the result.
    private struct FittedPanel {
        var message: String
        var detail: String
        var appearance: Appearance
        var layout: HUDLayout
        var labels: [Frame.Label]
    }

    /// Creates a composer for a screen of `screen` pixels, scaling sizes by `scale`.
    public init(screen: Size, scale: Int = 1) {
        self.screen = screen
        self.scale = max(1, scale)
    }

    /// The frame of `session` at `tick`, measuring text with `measurer` when the text changed.
    /// Settle the session (or advance it) after applying commands, so their visibility is drawn.
    public mutating func frame(of session: HostSession, atTick tick: Int, measurer: some TextMeasurer) -> Frame {
        let presence = session.presence, state = session.state
        guard presence.isDrawn else { return Frame(panel: nil, indicator: nil, input: .nothing, visible: .nothing) }
        var appearance = session.appearance
        appearance.scale = scale
        let text = fittedPanel(message: session.shownMessage, detail: state.detail, appearance: appearance,
                               measurer: measurer)
        let layout = text.layout
        let opacity = presence.opacity(atTick: tick)
        let panel = Frame.Panel(
            backdrop: state.isBlocking ? appearance.backdropColor : nil,
            hud: layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels, hudColor: appearance.hudColor,
            labels: text.labels, opacity: (opacity * 255).rounded() / 255)
        let hudRegion = ScreenRegion.roundedRect(layout.hud, cornerRadiusPixels: layout.cornerRadiusPixels)
        return Frame(panel: panel, indicator: indicator(of: session, look: appearance, in: layout.wheelBox, atTick: tick),
                     input: state.isBlocking ? .everything : hudRegion,
                     visible: panel.backdrop == nil ? hudRegion : .everything)
    }

    /// What stands in the wheel's place at `tick`.
    private func indicator(of session: HostSession, look appearance: Appearance, in box: PixelRect,
                           atTick tick: Int) -> Frame.Indicator {
        if let outcome = session.state.outcome {
            return .outcome(Frame.OutcomeMark(box: box, kind: outcome.kind, color: appearance.wheelColor))
        }
        if let progress = session.state.progress {
            let percent = appearance.showsPercent ? HostSession.number(progress.rounded(.down)) + "%" : nil
            return .progress(Frame.ProgressGauge(box: box, fraction: progress / 100, style: appearance.progressStyle,
                                                 color: appearance.wheelColor, percentText: percent))
        }
        let wheel = SpokeWheel(count: appearance.spokeCount, radius: Double(box.width) / 2, color: appearance.wheelColor)
        return .wheel(Frame.WheelPose(box: box, wheel: wheel, poseIndex: session.poseIndex(atTick: tick),
                                      poseCount: session.poseCount))
    }

    /// The layout and fitted labels for this text and look, fitting only on a change.
    private mutating func fittedPanel(message: String, detail: String, appearance: Appearance,
                                      measurer: some TextMeasurer) -> FittedPanel {
        if let fitted, fitted.message == message, fitted.detail == detail, fitted.appearance == appearance {
            return fitted
        }
        let content = HUDLayout.Content(hasMessage: !message.isEmpty, hasDetail: !detail.isEmpty)
        func fit(width: Int?) -> (HUDLayout, [Frame.Label]) {
            let layout = width.map { HUDLayout(screen: screen, appearance: appearance, content: content, width: $0) }
                ?? HUDLayout(screen: screen, appearance: appearance, content: content)
            return (layout, self.labels(message: message, detail: detail, in: layout, appearance: appearance, measurer: measurer))
        }
        func isCut(_ labels: [Frame.Label]) -> Bool { labels.contains(where: \.text.isTruncated) }
        var (layout, labels) = fit(width: nil)
        if isCut(labels), layout.hud.width < layout.maximumWidth {
            // Widen the HUD, as an iOS HUD grows with its label: the narrowest width whose text
            // fits whole, else the widest allowed.
            var narrow = layout.hud.width, wide = layout.maximumWidth
            var best = fit(width: wide)
            if !isCut(best.1) {
                while wide - narrow > 1 {
                    let middle = (narrow + wide) / 2
                    let candidate = fit(width: middle)
                    if isCut(candidate.1) {
                        narrow = middle
                    } else {
                        wide = middle
                        best = candidate
                    }
                }
            }
            (layout, labels) = best
        }
        let result = FittedPanel(message: message, detail: detail, appearance: appearance, layout: layout, labels: labels)
        fitted = result
        return result
    }

    /// The message and details line fitted into `layout`'s areas.
    private func labels(message: String, detail: String, in layout: HUDLayout, appearance: Appearance,
                        measurer: some TextMeasurer) -> [Frame.Label] {
        var labels: [Frame.Label] = []
        if !message.isEmpty {
            let fitter = MessageFitter(widthPixels: layout.textArea.width, heightPixels: layout.textArea.height,
                                       nominalFontPixels: layout.nominalFontPixels,
                                       minimumFontPixels: appearance.minimumFontPixels * appearance.scale,
                                       maximumLines: appearance.maximumLines)
            labels.append(Frame.Label(text: fitter.fit(message, measurer: measurer), area: layout.textArea,
                                      color: appearance.textColor))
        }
        if !detail.isEmpty {
            let detailPixels = max(HUDLayout.smallestDetailFontPixels * appearance.scale,
                                   Int((Double(layout.nominalFontPixels) * HUDLayout.detailFontFraction).rounded()))
            let minimum = min(appearance.minimumFontPixels * appearance.scale, detailPixels)
            let fitter = MessageFitter(widthPixels: layout.detailArea.width, heightPixels: layout.detailArea.height,
                                       nominalFontPixels: detailPixels, minimumFontPixels: minimum,
                                       maximumLines: appearance.maximumLines)
            labels.append(Frame.Label(text: fitter.fit(detail, measurer: measurer), area: layout.detailArea,
                                      color: appearance.textColor.fading(by: appearance.detailStrength)))
        }
        return labels
    }
}
