import Foundation

/// One run of a documented example, as a reader would run it: its text in a file of a fresh
/// working folder, `kiosk-spinner` on PATH meaning the built binary, DISPLAY naming an Xvfb of
/// its own; `sh` by /bin/sh, `python` by python3, `c` compiled by `cc` with nothing but libc.
/// The example runs in a process group of its own, so whatever it starts in the background is
/// stopped with it.
struct ExampleRun {
    /// What the run did, for the checks and for messages.
    struct Outcome {
        /// How the example ended: by itself, or after SIGTERM for one that keeps running.
        var ending: ChildProcess.Ending
        /// Whether it was still running when every sighting had been seen (for `keeps running`).
        var wasRunningWhenChecked: Bool
        /// Its stdout and stderr.
        var output: String
        var errors: String
        /// When each expected text first showed on stdout and on stderr, in seconds after the start.
        var outputSeenAfter: [String: Double]
        var errorsSeenAfter: [String: Double]
        /// The files the annotation says it creates that do not exist afterwards.
        var missingFiles: [String]
    }

    /// The example.
    let example: DocumentationExample

    /// Runs the example under `screen` and reports what it did; throws when it outlives its time.
    func run(on screen: VirtualScreen, expecting expectation: ExampleAnnotation.Expectation) async throws -> Outcome {
        let folder = try TemporaryFolder()
        let tools = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: tools.path(SpinnerExecutable.name),
                                                   withDestinationPath: try SpinnerExecutable.url().path)
        try example.code.write(toFile: folder.path(example.language.fileName), atomically: true, encoding: .utf8)
        var environment = Sanitizer.withoutExitSleep(screen.environment)
        environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let started = ContinuousClock.now
        let program = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command, "sh", folder.path],
                                       environment: environment, ownProcessGroup: true)
        program.closeInput()
        defer { if program.isRunning { program.signalGroup(SIGKILL) } }
        let seconds = expectation.seconds * Sanitizer.timeScale
        var outputSeen: [String: Double] = [:], errorsSeen: [String: Double] = [:]
        func look() {
            let now = (ContinuousClock.now - started) / .seconds(1)
            Self.note(expectation.outputContains, in: program.output.text, at: now, into: &outputSeen)
            Self.note(expectation.errorsContain, in: program.errors.text, at: now, into: &errorsSeen)
        }
        let keepsRunning = expectation.ending == .keepsRunning
        do {
            try await Poll.until(keepsRunning ? "\(example) to print what its annotation expects" : "\(example) to end",
                                 within: seconds, lastSeen: { "stdout: \(program.output.text) stderr: \(program.errors.text)" }) {
                look()
                guard keepsRunning else { return !program.isRunning && program.output.hasEnded && program.errors.hasEnded }
                return !program.isRunning || (expectation.outputContains.allSatisfy { outputSeen[$0.text] != nil }
                    && expectation.errorsContain.allSatisfy { errorsSeen[$0.text] != nil })
            }
        } catch {
            program.signalGroup(SIGKILL)
            throw error
        }
        let wasRunning = program.isRunning
        if keepsRunning { program.signalGroup(SIGTERM) }
        let ending = try await program.ending(within: seconds)
        look()
        let missing = expectation.createdFiles.filter { !FileManager.default.fileExists(atPath: folder.path($0)) }
        return Outcome(ending: ending, wasRunningWhenChecked: wasRunning, output: program.output.text,
                       errors: program.errors.text, outputSeenAfter: outputSeen, errorsSeenAfter: errorsSeen,
                       missingFiles: missing)
    }

    /// Records `seconds` for each sighting whose text `text` contains and that was not seen yet.
    private static func note(_ sightings: [ExampleAnnotation.Sighting], in text: String, at seconds: Double,
                             into seen: inout [String: Double]) {
        for expected in sightings.flatMap({ [$0.text] + ($0.since.map { [$0] } ?? []) })
        where seen[expected] == nil && text.contains(expected) {
            seen[expected] = seconds
        }
    }

    /// The shell command that runs the example in the folder given as `$1`.
    private var command: String {
        let start = "cd \"$1\" && "
        switch example.language {
        case .sh: return start + "exec /bin/sh \(example.language.fileName)"
        case .python: return start + "exec python3 \(example.language.fileName)"
        case .c: return start + "cc -o example \(example.language.fileName) && exec ./example"
        }
    }
}
