// libFuzzer target: arbitrary bytes through everything the host's input touches before pixels:
// the line reader (newline and NUL framing), text sanitising, the command parser (both
// dialects), the loop's policy (state, presence, stall, outcomes, grab, exits) and message
// fitting with a fake measurer. Built with the core's sources by fuzz/run; no SDL.

/// Exact widths: a CJK character is one font size wide, anything else half of one.
struct FuzzMeasurer: TextMeasurer {
    func width(of text: String, fontPixels: Int) -> Int {
        text.reduce(0) { $0 + (LineBreaks.isWide($1) ? fontPixels * 2 : fontPixels) } / 2
    }

    func lineHeight(of text: String, fontPixels: Int) -> Int { fontPixels + 2 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The first byte picks the framing, the dialect and the chunk size, so one input explores all.
    let mode = bytes.first ?? 0
    let dialect: CommandParser.Dialect = mode & 1 == 0 ? .standard : .zenity
    var stream = CommandStream(lineLimitBytes: 256, dialect: dialect, endsAtNUL: mode & 2 != 0)
    var timing = Timing()
    timing.graceSeconds = Double(mode >> 4) / 20
    timing.stallTimeoutSeconds = 0.5
    let session = HostSession(appearance: Appearance(), timing: timing, clock: FixedStepClock(ticksPerSecond: 60),
                              state: HUDState(isVisible: mode & 4 != 0, message: "x"))
    var policy = LoopPolicy(session: session, composers: [FrameComposer(screen: Size(width: 320 + Int(mode), height: 240))],
                            settings: LoopPolicy.Settings(exitsAtEndOfInput: mode & 64 != 0))
    let measurer = FuzzMeasurer()
    var tick = 0
    var ended = false
    // One step per chunk, as the live loop takes what arrived since its last step.
    func step(_ events: [HostEvent]) {
        guard !ended else { return }
        tick += Int(mode & 8)
        var inputs = events.map { LoopInput.host($0, from: .standardInput) }
        if mode & 32 != 0 { inputs.append(.grab(events.count.isMultiple(of: 2) ? .held : .refused)) }
        let result = policy.step(inputs, atTick: tick, measurer: measurer)
        for frame in result.frames.compactMap({ $0 }) {
            guard let panel = frame.panel else { continue }
            precondition(panel.opacity >= 0 && panel.opacity <= 1)
            for label in panel.labels {
                // The text stays within the tallest a HUD may be (80 % of the 240 px screen).
                precondition(label.text.lines.count * label.text.lineHeightPixels <= 240)
                // Each line's ink fits its area (a final full-width "。" counts by its inked half).
                for line in label.text.lines where line.count > 1 {
                    let pixels = label.text.fontPixels
                    let inked = measurer.width(of: line, fontPixels: pixels)
                        - LineBreaks.emptyEndWidth(of: line, fontPixels: pixels, measurer: measurer)
                    precondition(inked <= label.area.width)
                }
            }
        }
        if let wake = result.wakeTick { precondition(wake > tick) }
        precondition(result.exit != nil || result.wantsGrab == policy.session.wantsGrab)
        ended = result.exit != nil
    }
    let chunk = max(1, Int(mode >> 3))
    var start = 0
    while start < size {
        let end = min(size, start + chunk)
        step(stream.feed(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        start = end
    }
    step(stream.finish().map { [$0] } ?? [])
    tick += 10_000
    step([])
    return 0
}
