import Glibc
import KioskCore
import KioskFonts
import KioskRaster
import KioskPlatform

/// `--snapshot FILE.png`: applies every command on stdin, renders the frame at `--at` seconds
/// with the real renderer into an offscreen surface, and writes it as a PNG with straight alpha
/// (transparent wherever the overlay draws nothing). Needs no display. The picture is the settled
/// state of the commands: grace times, minimum show times and fades do not apply.
public enum SnapshotProgram {
    /// Writes the snapshot to `path`; returns the exit status.
    public static func run(options: LaunchOptions, path: String) -> ExitStatus {
        do {
            let font = try FontChain.opening(options.fontPaths)
            let size = options.windowSize ?? LaunchOptions.defaultSnapshotSize
            let display = PixelBuffer(width: size.width, height: size.height)
            let turned = TurnedCanvas(display: display, rotation: options.rotation)
            let renderer = FrameRenderer(target: turned.canvas, glyphs: font)
            var settled = options
            settled.timing.graceSeconds = 0
            settled.timing.minimumShowSeconds = 0
            settled.timing.fadeSeconds = 0
            var policy = LoopPolicy(session: OverlayProgram.makeSession(settled),
                                    composers: [OverlayProgram.composer(for: DisplayProfile(pixels: size),
                                                                        screen: turned.logicalSize, options: options)],
                                    settings: LoopPolicy.Settings(), grabStatus: .unsupported)
            let applied = isatty(STDIN_FILENO) == 0 ? applyInput(to: &policy, dialect: options.dialect, measurer: font) : nil
            let tick = Int((options.snapshotAtSeconds * Double(policy.session.clock.ticksPerSecond)).rounded(.down))
            // A step draws only what changed: the frame at `tick`, or the one the input left.
            if let frame = policy.step([], atTick: tick, measurer: font).frames[0] ?? applied {
                _ = try renderer.draw(frame)
            }
            _ = turned.turn([PixelRect(x: 0, y: 0, width: turned.logicalSize.width, height: turned.logicalSize.height)])
            try PNGFile.write(display, to: path)
            return .success
        } catch {
            Diagnostics.report("snapshot: \(error)")
            return .failure
        }
    }

    /// Applies stdin's commands at tick 0, chunk by chunk, up to the end or `quit`, reporting
    /// bad lines (the answers have nobody to go to); returns the last frame a step drew.
    private static func applyInput(to policy: inout LoopPolicy, dialect: CommandParser.Dialect,
                                   measurer: some TextMeasurer) -> Frame? {
        var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, dialect: dialect)
        var ended = false
        var drawn: Frame?
        func apply(_ events: [HostEvent]) {
            guard !ended, !events.isEmpty else { return }
            let step = policy.step(events.map { .host($0, from: .standardInput) }, atTick: 0, measurer: measurer)
            step.reports.forEach(Diagnostics.report)
            drawn = step.frames[0] ?? drawn
            ended = step.exit != nil
        }
        InputReader.forEachChunk(of: STDIN_FILENO) { chunk in apply(stream.feed(chunk)) }
        apply(stream.finish().map { [$0] } ?? [])
        return drawn
    }
}
