import Foundation
import Testing

/// The host protocol of PROTOCOL.md through real pipes: commands on stdin, events on stdout.
@Suite("Host protocol: commands and events", .timeLimit(.minutes(3)))
struct ProtocolTests {

    /// The status line of an overlay started without options, before any command.
    static let startStatus = #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="Please wait..." detail="""#

    @Test func pingAnswersOnePongPerPingWhateverItsSpelling() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")

        // A status line after them marks the end of their answers.
        let status = try await overlay.status(after: ["ping", "  PING  ", "Ping\r"])
        #expect(overlay.events == ["ready", "shown", "pong", "pong", "pong", status])
        #expect(overlay.program.errors.text == "")
    }

    @Test func readyComesFirstWithTheHUDOnScreenThenShown() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }

        let ready = try await overlay.waitForEvent("ready")
        #expect(ready.index == 0, "ready is the first line")
        // `ready` means the first frame is on screen.
        #expect(try await overlay.visibleOverlayWindows().count == 1, "the window is mapped when ready comes")
        #expect(overlay.x.color(at: TestScreenLayout.hudFill)?.isClose(to: .hudFill) == true, "the HUD is drawn when ready comes")

        let shown = try await overlay.waitForEvent("shown")
        #expect(shown.index == 1, "shown follows ready")
        let status = try await overlay.status()
        #expect(status == Self.startStatus)
        #expect(overlay.events == ["ready", "shown", status], "nothing else on stdout")
    }

    @Test func startedHiddenSaysReadyAtOnceAndNothingMoreUntilShow() async throws {
        let overlay = try await LiveOverlay.start(["--start-hidden", "--fade", "0"])
        defer { overlay.stop() }

        try await overlay.waitForEvent("ready")
        // The pong proves the overlay has read and handled its input up to there.
        try await overlay.send("ping")
        try await overlay.waitForEvent("pong")
        #expect(overlay.events == ["ready", "pong"], "no shown while hidden")
        #expect(try await overlay.visibleOverlayWindows().isEmpty)

        try await overlay.send("show")
        let shown = try await overlay.waitForEvent("shown")
        #expect(shown.index == 2)
        #expect(try await overlay.visibleOverlayWindows().count == 1, "the window is mapped when shown comes")

        try await overlay.send("hide")
        let hidden = try await overlay.waitForEvent("hidden")
        #expect(hidden.index == 3)
        #expect(try await overlay.visibleOverlayWindows().isEmpty, "no window is mapped when hidden comes")
        #expect(overlay.events == ["ready", "pong", "shown", "hidden"])
    }

    @Test func statusReportsWhatTheCommandsBeforeItAskedFor() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")

        #expect(try await overlay.status() == Self.startStatus)
        // Asked in the same write as `block`, the grab has not been answered yet: `pending`.
        let blocking = try await overlay.status(after: ["msg Printing", "block", "progress 42.5"])
        #expect(["pending", "held"].map { #"visible=1 blocked=1 grab=\#($0) shown=1 stalled=0 above=held backend=x11 mode=progress progress=42.5 message="Printing" detail="""# }
                    .contains(blocking), "\(blocking)")
        // Quotes and backslashes are escaped; `hide` clears `visible`, not the rest; the HUD is
        // still drawn while it fades out (`shown=1`, unless the status came after the fade).
        let hidden = try await overlay.status(after: [#"msg Say "hi" to C:\"#, "detail two", "unblock", "progress off", "hide"])
        #expect(["1", "0"].map { #"visible=0 blocked=0 grab=none shown=\#($0) stalled=0 above=held backend=x11 mode=spinner progress=- message="Say \"hi\" to C:\\" detail="two""# }
                    .contains(hidden), "\(hidden)")
        #expect(overlay.program.errors.text == "")
    }

    /// PROTOCOL.md: `quit` exits at once; events are dropped only while the queue is full or
    /// stdout is closed. The answers to commands that came before `quit` should still be written.
    @Test func answersToCommandsBeforeQuitAreWrittenBeforeExit() async throws {
        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")

        // One write: the overlay reads the three lines together and handles them in one go.
        try await overlay.program.send("ping\nstatus\nquit\n")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(overlay.events == ["ready", "shown", "pong", Self.startStatus])
    }

    @Test func zenityProgressInputSetsProgressMessageAndPulsate() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("k.fifo")
        let overlay = try await LiveOverlay.start(["--zenity", "--events-to-stdout", "--fifo", fifo])
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")

        try await overlay.send("10\n#Copying files...\n50")
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains("progress=50") })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=50 message="Copying files..." detail="""#)
        try await overlay.send("pulsate:true")
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains("mode=spinner") })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="Copying files..." detail="""#)
        try await overlay.send("pulsate:false")
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains("mode=progress") })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=50 message="Copying files..." detail="""#,
                "pulsate:false goes back to the last progress")
        #expect(overlay.program.errors.text == "")
    }

    @Test(arguments: ["success", "error", "info"])
    func outcomeShowsItsModeThenDismissesItselfAndUnmapsTheWindow(outcome: String) async throws {
        let overlay = try await LiveOverlay.start(["--dismiss-after", "0.3", "--fade", "0"])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()

        // Asked in the same write, so both are handled at the same tick, before the dismissal.
        #expect(try await overlay.status(after: ["\(outcome) Done"])
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=\#(outcome) progress=- message="Done" detail="""#)
        try await overlay.waitForEvent("hidden")
        try await overlay.waitUntilHidden()
        let status = try await overlay.status()
        #expect(status.hasPrefix("visible=0 "), "after dismissing itself the HUD is no longer asked for: \(status)")
        #expect(overlay.events.filter { !$0.hasPrefix("visible=") } == ["ready", "shown", "hidden"], "one hidden, nothing else")
    }

    @Test func aHundredThousandCommandsAreAllAppliedInOrder() async throws {
        let commandCount = 100_000
        var input = ""
        input.reserveCapacity(commandCount * 13)
        var lastProgress = 0
        for number in 0..<commandCount {
            if number.isMultiple(of: 2) {
                input += "msg \(number)\n"
            } else {
                lastProgress = number % 101
                input += "progress \(lastProgress)\n"
            }
        }
        input += "msg final\nstatus\n"

        let overlay = try await LiveOverlay.start()
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")

        // About 1 s in a plain debug build and 5 s under ThreadSanitizer on an idle machine; the
        // limit only tells a hang from a machine busy with other tests.
        try await overlay.program.send(input, within: 20 * Sanitizer.timeScale)
        let status = try await overlay.waitForEvent("the status line after the flood", within: 8) { $0.hasPrefix("visible=") }
        #expect(status.line == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=\#(lastProgress) message="final" detail="""#)
        #expect(overlay.program.errors.text == "", "every line was a good command")
        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
    }
}
