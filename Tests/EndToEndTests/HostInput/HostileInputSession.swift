import Foundation

/// A live overlay that takes hostile inputs one after another, bringing itself back to the same
/// resting state between them, so a long table does not start an overlay per input.
///
/// It starts hidden and rests hidden between inputs, asleep. For each input it is sent `show`,
/// the input and `status`; the answer comes once the frame with the input's state was drawn
/// (the overlay answers after drawing). Then `msg after` and `status`, lines that bring it back
/// to rest and `status`, and last a line `end-of-input`, which it reports on stderr as an
/// unknown command: the stderr lines since the previous input's report are this input's. The
/// session counts the lines it sends, so it knows the numbers the overlay gives them; the
/// report's own number checks the count. After `inputsPerOverlay` inputs it is sent `quit`,
/// which must end it with status 0, and a new session takes the next input.
final class HostileInputSession {
    /// What an input made the overlay do.
    struct Outcome {
        /// The stdin line number of the input's first line.
        var firstLine: Int
        /// The answer to the `status` right after the input; nil after a quit.
        var statusAfterInput: String?
        /// Whether the overlay still ran when that came.
        var runningAfterInput: Bool
        /// The answer to the `status` after `msg after`; nil after a quit.
        var statusAfterMessage: String?
        /// The input's stderr lines.
        var errors: [String]
        /// The end-of-input report as it came, and as it should read if the overlay numbered the
        /// lines as they were sent; nil after a quit.
        var endReport: (seen: String, expected: String)?
        /// How the overlay ended: after an input that is a quit, or after the `quit` that ends a
        /// session's last input; nil while it runs on.
        var ending: ChildProcess.Ending?
        /// Every stdout line that came while the input ran.
        var events: [String]
    }

    /// How the overlay is started: hidden (so it sleeps between inputs), with every time set to
    /// 0 (so `show` draws at once), ending when the test process's end closes its stdin.
    static let arguments = ["--start-hidden", "--fade", "0", "--grace", "0", "--min-show", "0", "--exit-on-eof"]
    /// The lines that bring the overlay back to rest after an input: every setting a command
    /// can change, as at the start (the HUD size as the default on a `VirtualScreen`, 22 % of 768).
    static let resetLines = ["unblock", "progress off", "msg Please wait...", "detail", "size 169", "color white",
                             "hud-color #1C1C1ED9", "hide"]
    /// What `status` answers at rest.
    static let restingStatus = OverlayStatus(visible: false)
    /// The line that ends an input's stderr.
    static let endMarker = "end-of-input"
    /// How many inputs one overlay takes before it is sent `quit`.
    static let inputsPerOverlay = 8

    /// The overlay.
    let overlay: LiveOverlay
    /// False while an input runs and after one that went wrong: then the session must not take
    /// another input.
    private(set) var isReusable = true
    /// How many lines the overlay was sent.
    private var linesSent = 0
    /// How many stdout lines belong to earlier inputs.
    private var eventsSeen = 0
    /// How many stderr lines belong to earlier inputs.
    private var errorsSeen = 0
    /// How many inputs the overlay took.
    private var inputsRun = 0

    private init(overlay: LiveOverlay, eventsSeen: Int) {
        self.overlay = overlay
        self.eventsSeen = eventsSeen
    }

    /// Starts an overlay on `screen` (with ThreadSanitizer's exit sleep off, see `Sanitizer`)
    /// and waits until it is ready.
    static func start(on screen: VirtualScreen) async throws -> HostileInputSession {
        let overlay = try LiveOverlay.start(on: screen, arguments, extraEnvironment: Sanitizer.noExitSleep)
        do {
            let ready = try await overlay.waitForEvent("ready")
            return HostileInputSession(overlay: overlay, eventsSeen: ready.index + 1)
        } catch {
            overlay.stop()
            throw error
        }
    }

    /// Ends the overlay.
    func stop() {
        isReusable = false
        overlay.stop()
    }

    /// Runs `input` (see the type's summary); every wait takes at most `seconds`.
    func run(_ input: HostileInput, within seconds: Double) async throws -> Outcome {
        isReusable = false
        inputsRun += 1
        let firstLine = linesSent + 2
        try await send(lines: ["show"], then: input.bytes + Array("status\n".utf8))
        linesSent += 1 + input.lineCount + 1
        let eventsBefore = eventsSeen
        guard input.status != nil else {
            // A quit: nothing more is sent; all it writes until it ends is the input's.
            let ending = try await overlay.program.ending(within: seconds)
            return Outcome(firstLine: firstLine, statusAfterInput: nil, runningAfterInput: false, statusAfterMessage: nil,
                           errors: Array(overlay.program.errors.lines.dropFirst(errorsSeen)), endReport: nil,
                           ending: ending, events: Array(overlay.events.dropFirst(eventsBefore)))
        }
        let afterInput = try await nextStatus(within: seconds)
        let running = overlay.program.isRunning

        try await send(lines: ["msg after", "status"] + Self.resetLines + ["status", Self.endMarker])
        linesSent += 2 + Self.resetLines.count + 2
        let afterMessage = try await nextStatus(within: seconds)
        let resting = try await nextStatus(within: seconds)
        let markerSuffix = ": unknown command \"\(Self.endMarker)\""
        let markerIndex = try await Poll.value("the end-of-input report on stderr", within: seconds,
                                               lastSeen: { overlay.program.errors.text }) { () -> Int? in
            let lines = overlay.program.errors.lines
            guard errorsSeen < lines.count else { return nil }
            return lines[errorsSeen...].firstIndex { $0.hasSuffix(markerSuffix) }
        }
        let errorLines = overlay.program.errors.lines
        let endReport = (seen: errorLines[markerIndex], expected: "kiosk-spinner: line \(linesSent)\(markerSuffix)")
        let errors = Array(errorLines[errorsSeen..<markerIndex])
        errorsSeen = markerIndex + 1
        let isSound = resting == Self.restingStatus.line && endReport.seen == endReport.expected && overlay.program.isRunning
        var ending: ChildProcess.Ending?
        if isSound, inputsRun >= Self.inputsPerOverlay {
            try await send(lines: ["quit"])
            ending = try await overlay.program.ending(within: seconds)
        } else {
            isReusable = isSound
        }
        return Outcome(firstLine: firstLine, statusAfterInput: afterInput, runningAfterInput: running,
                       statusAfterMessage: afterMessage, errors: errors, endReport: endReport, ending: ending,
                       events: Array(overlay.events[eventsBefore..<eventsSeen]))
    }

    /// Writes `lines`, each ended by `\n`, then `bytes`, in one write.
    private func send(lines: [String], then bytes: [UInt8] = []) async throws {
        try await overlay.program.send(bytes: Array(lines.map { $0 + "\n" }.joined().utf8) + bytes)
    }

    /// Waits for the next status line on stdout and returns it.
    private func nextStatus(within seconds: Double) async throws -> String {
        let status = try await overlay.waitForEvent("a status line", from: eventsSeen, within: seconds) { $0.hasPrefix("visible=") }
        eventsSeen = status.index + 1
        return status.line
    }
}

extension HostileInputSession {
    /// Sessions at rest, at most one a shared X server, waiting for the next input on it.
    final class Shelf: @unchecked Sendable {
        // Guards `sessions`. A session is only used by the test that has its server's turn.
        private let lock = NSLock()
        private var sessions: [String: HostileInputSession] = [:]

        /// Takes the session resting on `screen`, if there is one.
        func take(on screen: VirtualScreen) -> HostileInputSession? {
            lock.withLock { sessions.removeValue(forKey: screen.name) }
        }

        /// Puts `session`, which runs on `screen`, to rest there.
        func put(_ session: HostileInputSession, on screen: VirtualScreen) {
            lock.withLock { sessions[screen.name] = session }
        }
    }

    /// Where sessions rest between inputs.
    static let resting = Shelf()
}
