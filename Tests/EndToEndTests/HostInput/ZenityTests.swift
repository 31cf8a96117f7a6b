import Foundation
import Testing

/// Issue 11, point 1, end to end: `zenity` swapped for `kiosk-spinner` in a `… | zenity --progress …`
/// line works unchanged. The real binary on a real Xvfb, fed by real pipes (and by `sh` running
/// the documented lines as written); what it shows is asked through `--fifo`, since stdin speaks
/// zenity's input, which has no questions.
@Suite("zenity --progress drop-in", .timeLimit(.minutes(3)))
struct ZenityTests {
    /// How long the full bar stays after the end of input by default (`--dismiss-after`).
    static let fullBarSeconds = 1.5

    @Test func autoCloseExitsZeroAtOneHundred() async throws {
        let overlay = try await LiveOverlay.start(["--progress", "--auto-close", "--events-to-stdout"])
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")
        try await overlay.program.send("10\n# Copying\n")
        try await Task.sleep(for: .milliseconds(200))
        #expect(overlay.program.isRunning, "below 100 it keeps showing")
        try await overlay.program.send("100\n")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(overlay.program.errors.text == "")
    }

    /// The manual's example, run by `sh` as written (with `sleep 1` as the work).
    @Test func theDocumentedAutoCloseLineReturnsZero() async throws {
        let line = ##"( echo 10; echo "# Copying"; sleep 1; echo 100 ) | kiosk-spinner --progress --auto-close"##
        let finished = try await Self.runShell(line)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
    }

    @Test func theEndOfInputShowsTheFullBarThenExits() async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let began = ContinuousClock.now
        let finished = try await Self.runShell(#"printf '50\n' | kiosk-spinner --progress"#, on: screen)
        let elapsed = ContinuousClock.now - began
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(elapsed >= .seconds(Self.fullBarSeconds), "the full bar stays --dismiss-after seconds: \(elapsed)")
    }

    @Test func theEndOfInputFillsTheBarAndStopsPulsating() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("k.fifo")
        let overlay = try await LiveOverlay.start(["--progress", "--events-to-stdout", "--pulsate", "--fifo", fifo, "--dismiss-after", "30"])
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")
        try await overlay.send("#Almost\n40")
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains(#"message="Almost""#) })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="Almost" detail="""#,
                "a number while pulsating is kept, not shown")
        overlay.program.closeInput()
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains("mode=progress") })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=100 message="Almost" detail="""#)
        try await Task.sleep(for: .milliseconds(300))
        #expect(overlay.program.isRunning, "--dismiss-after 30 keeps the full bar")
    }

    @Test func linesZenityIgnoresAreIgnoredSilently() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("k.fifo")
        let overlay = try await LiveOverlay.start(["--progress", "--events-to-stdout", "--fifo", fifo])
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")
        let chatter = ["40", "Error fetching mirror list, retrying", "Info x", "Message x", "hide", "quit", "block",
                       " 60", "  # x", #"#Line one\nLine two"#, "70", "33,5", "#done"]
        try await overlay.send(chatter.joined(separator: "\n"))
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains(#"message="done""#) })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=33.5 message="done" detail="""#)
        try await overlay.send(#"#Line one\nLine two"#)
        #expect(try await overlay.status(throughFIFO: fifo, until: { $0.contains("Line two") })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=33.5 message="Line one\nLine two" detail="""#)
        #expect(overlay.program.errors.text == "", "zenity says nothing about the lines it ignores")
        #expect(overlay.program.isRunning, "quit on stdin is a tool's chatter here")
    }

    @Test func zenitysOptionsAreAcceptedAndSetTheStart() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("k.fifo")
        let overlay = try await LiveOverlay.start([
            "--progress", "--events-to-stdout", "--title=Copying", "--text=<b>Copying</b> files &amp; folders", "--percentage=30",
            "--no-cancel", "--auto-kill", "--time-remaining", "--width=400", "--height", "100", "--modal",
            "--window-icon=info", "--ok-label=Fine", "--cancel-label", "Stop", "--fifo", fifo,
        ])
        defer { overlay.stop() }
        try await overlay.waitForEvent("shown")
        #expect(try await overlay.status(throughFIFO: fifo, until: { _ in true })
                == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=30 message="Copying files & folders" detail="""#)
        #expect(overlay.program.errors.text == "")
    }

    @Test func theTimeoutExitsFive() async throws {
        let overlay = try await LiveOverlay.start(["--progress", "--timeout", "1"])
        defer { overlay.stop() }
        #expect(try await overlay.program.ending(within: 1 + Poll.promptSeconds) == .exited(5))
    }

    @Test func aZenityOptionWithoutProgressIsRefusedInOneLine() async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let program = try SpinnerExecutable.start(["--auto-close"], environment: screen.environment)
        #expect(try await program.ending(within: Poll.promptSeconds) == .exited(2))
        #expect(program.errors.text.hasPrefix("kiosk-spinner: --auto-close applies only with --progress\n"))
    }

    /// Issue 20: a public script's line that zenity 3.44 runs (`--pulsate=0`, a flag given a
    /// value, which GOption ignores), with the program's name swapped, runs to its end: exit 0,
    /// nothing on stdout (zenity writes nothing there), nothing on stderr.
    @Test func aPublicScriptsLineRunsAsUnderZenity() async throws {
        let line = ##"(echo "# Buscando pacote..."; sleep 2) | kiosk-spinner --progress --title="Pacote encontrado." "##
            + ##"--text="Por favor aguarde..." --pulsate=0 --width=500 --auto-close"##
        let finished = try await Self.runShell(line)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(finished.output == "", "zenity --progress writes nothing on stdout")
        #expect(finished.errors == "")
    }

    /// Every other zenity option the issue found refused, as zenity 3.44 accepts it; the X
    /// display named the way zenity's GTK names it.
    @Test func theOptionsZenityAcceptsAreAcceptedAndStdoutStaysEmpty() async throws {
        let screen = try await VirtualScreen.start()
        defer { screen.stop() }
        let line = "printf '10\\n#x\\n100\\n' | kiosk-spinner --progress --display=\(screen.name) --icon-name=info --no-markup "
            + "--class=Kiosk --name kiosk --timeout=-1 --auto-close=1 --no-cancel=1 --auto-kill=1 --time-remaining=1 "
            + "--modal=1 --percentage 0x0A --width 0x190 stray-word"
        var environment = screen.environment
        environment["DISPLAY"] = ":999"  // --display must be the one that counts
        let finished = try await Self.runShell(line, on: screen, environment: environment)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        #expect(finished.output == "")
        #expect(finished.errors == "")
    }

    @Test func anOptionZenityRefusesBesideProgressIsRefusedInOneLine() async throws {
        for (arguments, line) in [(["--checklist"], "--checklist is another zenity dialog's option, which zenity --progress refuses too"),
                                  (["--info"], "--info is another zenity dialog: kiosk-spinner stands in for zenity --progress alone "
                                      + "(zenity refuses two dialogs too)")] {
            let program = try SpinnerExecutable.start(["--progress"] + arguments, environment: ChildProcess.environment(display: nil))
            #expect(try await program.ending(within: Poll.promptSeconds) == .exited(2))
            #expect(program.errors.text == "kiosk-spinner: \(line)\n")
            #expect(program.output.text == "")
        }
    }

    /// What `sh -c line` did, with the built kiosk-spinner first on PATH.
    struct ShellRun {
        var ending: ChildProcess.Ending
        var output: String
        var errors: String
    }

    /// Runs `line` with `sh -c` on `screen` (a fresh one when nil), the built kiosk-spinner first
    /// on PATH, and waits for it to end.
    static func runShell(_ line: String, on screen: VirtualScreen? = nil,
                         environment given: [String: String]? = nil) async throws -> ShellRun {
        let ownScreen = screen == nil ? try await VirtualScreen.start() : nil
        defer { ownScreen?.stop() }
        guard let display = screen ?? ownScreen else { throw ChildProcess.Unresponsive(request: "a screen", command: line, errors: "") }
        var environment = given ?? display.environment
        let folder = try SpinnerExecutable.url().deletingLastPathComponent().path
        environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let shell = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", line], environment: environment)
        shell.closeInput()
        let ending = try await shell.ending(within: fullBarSeconds + 2 * Poll.promptSeconds)
        return ShellRun(ending: ending, output: shell.output.text, errors: shell.errors.text)
    }
}

extension LiveOverlay {
    /// Asks `status` through the FIFO at `path` until the answer `matches` (stdin and the FIFO
    /// are read apart, so a status may overtake lines just written to stdin); returns it.
    func status(throughFIFO path: String, until matches: @escaping (String) -> Bool) async throws -> String {
        try await Poll.value("a status line through \(path) that matches", lastSeen: { "stdout \(events)" }) {
            let start = events.count
            try await FIFOWriter.write("status\n", to: path)
            let line = try await waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }.line
            return matches(line) ? line : nil
        }
    }
}
