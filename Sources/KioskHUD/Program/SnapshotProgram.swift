import Glibc
import KioskCore
import KioskFonts
import KioskRaster
import KioskPlatform

/// `--snapshot FILE.png`: applies every command on stdin, renders one frame with the real
/// renderer into an offscreen surface, and writes it as a PNG with straight alpha (transparent
/// wherever the overlay draws nothing; laid over `--background`, when given, as a bare screen
/// shows it). Needs no display. Without `--at` the picture is the
/// settled state of the commands (grace times, minimum show times, fades and motion do not
/// apply); with `--at SECONDS` it is the frame the live overlay draws that long after receiving
/// them all at once just after its first frame, fades, motion and dismissals included.
public enum SnapshotProgram {
    /// Writes the snapshot to `path`; returns the exit status.
    public static func run(options: LaunchOptions, path: String) -> ExitStatus {
        let options = options.readingLogo()
        do {
            let font = try FontChain.opening(options.fontPaths)
            let size = options.windowSize ?? LaunchOptions.defaultSnapshotSize
            let display = PixelBuffer(width: size.width, height: size.height)
            let turned = TurnedCanvas(display: display, rotation: options.rotation)
            let renderer = FrameRenderer(target: turned.canvas, glyphs: font)
            var timed = options
            if options.snapshotAtSeconds == nil {
                timed.timing.graceSeconds = 0
                timed.timing.minimumShowSeconds = 0
                timed.timing.fadeSeconds = 0
            }
            var policy = LoopPolicy(session: OverlayProgram.makeSession(timed),
                                    composers: [options.layoutRule.composer(for: OpenedDisplay(logicalSize: turned.logicalSize,
                                                                                               profile: DisplayProfile(pixels: size)))],
                                    settings: LoopPolicy.Settings(), grabStatus: .unsupported)
            // Timed, the start picture is drawn first and the commands come a tick later, as they
            // reach a live overlay after its first frame; what they change then moves from it.
            let arrival = options.snapshotAtSeconds == nil ? 0 : 1
            var drawn = arrival > 0 ? policy.step([], atTick: 0, measurer: font).frames[0] : nil
            if isatty(STDIN_FILENO) == 0 {
                drawn = applyInput(to: &policy, atTick: arrival, dialect: options.dialect, measurer: font) ?? drawn
            }
            let tick = arrival + Int(((options.snapshotAtSeconds ?? 0) * Double(policy.session.clock.ticksPerSecond)).rounded(.down))
            // A step draws only what changed: the frame at `tick`, else the last one drawn before
            // (the input's, or the start picture when nothing came or nothing changed).
            if let frame = policy.step([], atTick: tick, measurer: font).frames[0] ?? drawn {
                _ = try renderer.draw(frame)
            }
            _ = turned.turn([PixelRect(x: 0, y: 0, width: turned.logicalSize.width, height: turned.logicalSize.height)])
            if let background = options.backgroundColor {
                display.withPixels { $0.lay(over: PremultipliedPixel(background)) }
            }
            try PNGFile.write(display, to: path)
            return .success
        } catch {
            Diagnostics.report("snapshot: \(error)")
            return .failure
        }
    }

    /// Applies stdin's commands at `tick`, chunk by chunk, up to the end or `quit`, reporting
    /// bad lines (the answers have nobody to go to); returns the last frame a step drew.
    private static func applyInput(to policy: inout LoopPolicy, atTick tick: Int, dialect: CommandParser.Dialect,
                                   measurer: some TextMeasurer) -> Frame? {
        var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, dialect: dialect)
        var ended = false
        var drawn: Frame?
        func apply(_ events: [HostEvent]) {
            guard !ended, !events.isEmpty else { return }
            let step = policy.step(events.map { .host($0, from: .standardInput) }.readingLastLogo(), atTick: tick, measurer: measurer)
            step.reports.forEach(Diagnostics.report)
            drawn = step.frames[0] ?? drawn
            ended = step.exit != nil
        }
        InputReader.forEachChunk(of: STDIN_FILENO) { chunk in apply(stream.feed(chunk)) }
        apply(stream.finish().map { [$0] } ?? [])
        return drawn
    }
}
