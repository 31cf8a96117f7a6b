// libFuzzer target: arbitrary bytes through everything the host's input touches before pixels:
// the line reader (newline and NUL framing), text sanitising, the command parser (both
// dialects), the scene (state, presence, stall, outcomes) and message fitting with a fake
// measurer. Built with the core's sources by fuzz/run; no SDL.

/// Exact widths: a CJK character is one font size wide, anything else half of one.
struct FuzzMeasurer: TextMeasurer {
    func width(of text: String, fontPixels: Int) -> Int {
        text.reduce(0) { $0 + (LineBreaks.isCJK($1) ? fontPixels * 2 : fontPixels) } / 2
    }

    func lineHeight(fontPixels: Int) -> Int { fontPixels + 2 }
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
    var scene = OverlayScene(screen: Size(width: 320 + Int(mode), height: 240), appearance: Appearance(), timing: timing,
                             clock: FixedStepClock(ticksPerSecond: 60), state: HUDState(isVisible: mode & 4 != 0, message: "x"))
    let measurer = FuzzMeasurer()
    var tick = 0
    var commands = 0
    func handle(_ event: HostEvent) {
        guard case .command(let command, _) = event else { return }
        commands += 1
        tick += Int(mode & 8)
        scene.apply(command, atTick: tick)
        let frame = scene.frame(atTick: tick, measurer: measurer)
        if let panel = frame.panel {
            precondition(panel.opacity >= 0 && panel.opacity <= 1)
            for label in panel.labels {
                precondition(label.text.lines.count <= Appearance().maximumLines)
                for line in label.text.lines where line.count > 1 {
                    precondition(measurer.width(of: line, fontPixels: label.text.fontPixels) <= label.area.width)
                }
            }
        }
        if let next = scene.nextChangeTick(after: tick) { precondition(next > tick) }
    }
    let chunk = max(1, Int(mode >> 3))
    var start = 0
    while start < size {
        let end = min(size, start + chunk)
        stream.feed(UnsafeBufferPointer(rebasing: bytes[start..<end])).forEach(handle)
        start = end
    }
    stream.finish().map(handle)
    scene.advance(to: tick + 10_000)
    return 0
}
