import Glibc
import KioskCore
@testable import KioskHUD
import KioskTestSupport
import Testing

/// The real overlay program, composed from real options by `OverlayProgram.overlay`, run to its
/// end in-process on a `MemoryBackend`: what it wrote on stdout and stderr, at which virtual
/// second, what it drew, and how it ended. Host lines go through the real `CommandStream` of
/// the options' dialect, numbered as on stdin.
struct InProcessOverlay {
    /// What the script does at a virtual time.
    enum Cue {
        /// The host writes `line` on stdin.
        case host(Double, String)
        /// The backend's wait returns `input` (a lost display, a signal, the grab's news).
        case input(Double, LoopInput)
        /// The host closes stdin.
        case endOfInput(Double)
    }

    /// A line the overlay wrote, and when.
    struct Written: Equatable, CustomStringConvertible {
        var seconds: Double
        var line: String
        var description: String { "\(seconds): \(line)" }
    }

    let backend: MemoryBackend
    /// Every line for stdout, in order.
    let output: [Written]
    /// Every line for stderr, in order.
    let reports: [Written]
    /// How it ended.
    let ending: Overlay.Ending
    /// How many times the readers were started (once `ready` is written).
    let readyCount: Int
    /// How many frames had been drawn when the readers were started.
    let drawingsAtReady: Int?

    /// Runs the overlay the command line `arguments` describe until it ends, on a backend of
    /// `displays` that holds input as `blockingInput` says and returns `cues`.
    static func run(_ arguments: [String], displays: [Size] = [Size(width: 800, height: 480)],
                    blockingInput: BlockingInput = .heldByWindowingSystem, stacking: Stacking = .held,
                    _ cues: [Cue]) throws -> InProcessOverlay {
        let options = try OptionParser.parse(arguments)
        var stream = CommandStream(dialect: options.dialect)
        let backendCues = cues.map { cue -> MemoryBackend.Cue in
            switch cue {
            case .host(let seconds, let line):
                return MemoryBackend.Cue(seconds: seconds, inputs: stream.feed(Array((line + "\n").utf8))
                    .map { .host($0, from: .standardInput) })
            case .input(let seconds, let input):
                return MemoryBackend.Cue(seconds: seconds, inputs: [input])
            case .endOfInput(let seconds):
                return MemoryBackend.Cue(seconds: seconds, inputs: [.endOfInput])
            }
        }
        let backend = MemoryBackend(displays: displays, blockingInput: blockingInput, stacking: stacking, cues: backendCues)
        let output = Collected(), reports = Collected()
        var readyCount = 0
        var drawingsAtReady: Int?
        let outlets = Overlay.Outlets(standardOutput: { output.lines.append(Written(seconds: backend.seconds, line: $0)) },
                                      report: { reports.lines.append(Written(seconds: backend.seconds, line: $0)) })
        let overlay = OverlayProgram.overlay(options, on: backend, measurer: FakeMeasurer(), outlets: outlets,
                                             now: backend.now) { _ in
            readyCount += 1
            drawingsAtReady = drawingsAtReady ?? backend.drawings.count
        }
        let ending = try overlay.run()
        if backend.ranDry { Issue.record("the script ran out before the overlay ended: \(ending)") }
        return InProcessOverlay(backend: backend, output: output.lines, reports: reports.lines, ending: ending,
                                readyCount: readyCount, drawingsAtReady: drawingsAtReady)
    }

    /// The lines written on stdout, without their times.
    var lines: [String] { output.map(\.line) }

    /// The lines written at `seconds`.
    func lines(at seconds: Double) -> [String] { output.filter { $0.seconds == seconds }.map(\.line) }

    /// The `status` answers, in order.
    var statuses: [String] { lines.filter { $0.hasPrefix("visible=") } }

    private final class Collected {
        var lines: [Written] = []
    }
}
