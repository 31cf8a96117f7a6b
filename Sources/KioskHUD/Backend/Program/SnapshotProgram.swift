import Glibc
internal import CSDL
import KioskCore
import KioskRaster

/// `--snapshot FILE.png`: applies every command on stdin, renders the frame at `--at` seconds
/// with the real renderer into an offscreen surface, and writes it as a PNG with straight alpha
/// (transparent wherever the overlay draws nothing). Needs no display. The picture is the settled
/// state of the commands: grace times, minimum show times and fades do not apply.
public enum SnapshotProgram {
    /// Writes the snapshot to `path`; returns the exit status.
    public static func run(options: LaunchOptions, path: String) -> ExitStatus {
        do {
            let font = try OverlayProgram.openFonts(options, session: SDLSession(video: false))
            let size = options.windowSize ?? LaunchOptions.defaultSnapshotSize
            let display = try Surface(width: size.width, height: size.height)
            let turned = try TurnedCanvas(display: display, rotation: options.rotation)
            let renderer = FrameRenderer(target: turned.canvas, font: font)
            var settled = options
            settled.timing.graceSeconds = 0
            settled.timing.minimumShowSeconds = 0
            settled.timing.fadeSeconds = 0
            var scene = OverlayProgram.makeScene(settled, screen: turned.logicalSize)
            if isatty(STDIN_FILENO) == 0 { applyInput(to: &scene, dialect: options.dialect) }
            let tick = Int((options.snapshotAtSeconds * Double(scene.clock.ticksPerSecond)).rounded(.down))
            scene.advance(to: tick)
            _ = try renderer.draw(scene.frame(atTick: tick, measurer: font))
            _ = turned.turn([PixelRect(x: 0, y: 0, width: turned.logicalSize.width, height: turned.logicalSize.height)])
            try writePNG(display, to: path)
            return .success
        } catch {
            Diagnostics.report("snapshot: \(error)")
            return .failure
        }
    }

    /// Applies stdin's commands at tick 0, reporting bad lines, up to the end or `quit`.
    private static func applyInput(to scene: inout OverlayScene, dialect: CommandParser.Dialect) {
        var stream = CommandStream(lineLimitBytes: LaunchOptions.lineLimitBytes, dialect: dialect)
        var quit = false
        func apply(_ event: HostEvent) {
            guard !quit else { return }
            switch event {
            case .command(.quit, _): quit = true
            case .command(let command, _): scene.apply(command, atTick: 0)
            case .rejected(let error, let line): Diagnostics.report(error, line: line)
            }
        }
        InputReader.forEachChunk(of: STDIN_FILENO) { chunk in stream.feed(chunk).forEach(apply) }
        stream.finish().map(apply)
    }

    /// Saves a premultiplied canvas as an RGBA PNG (IMG_SavePNG).
    static func writePNG(_ canvas: Surface, to path: String) throws(SDLError) {
        let output = try Surface(width: canvas.width, height: canvas.height, format: SDL_PIXELFORMAT_RGBA32.rawValue)
        canvas.withPixels { source in
            output.withPixels { target in
                for y in 0..<source.height {
                    let from = source.row(y)
                    let to = UnsafeMutableRawPointer(target.row(y)).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<source.width {
                        let pixel = PremultipliedPixel(word: from[x]).straightChannels
                        to[4 * x] = pixel.red
                        to[4 * x + 1] = pixel.green
                        to[4 * x + 2] = pixel.blue
                        to[4 * x + 3] = pixel.alpha
                    }
                }
            }
        }
        try SDLError.check(IMG_SavePNG(output.pointer, path), "IMG_SavePNG(\(path))")
    }
}
