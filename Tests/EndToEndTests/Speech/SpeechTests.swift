import Foundation
import Testing

/// `--speak` through the real libespeak-ng on a real sound device: ALSA's default device is made a
/// file (a `file` PCM over `null`, in the overlay's own ~/.asoundrc), and what the overlay played
/// is compared sample by sample with espeak-ng's own rendering of the same text in the same voice
/// (`espeak-ng -v VOICE --stdout`): every sample played is the rendering's, and every sample of
/// the rendering that is not silence was played (the silence at its end may still sit in ALSA's
/// buffer when the test looks).
@Suite("Speech through espeak-ng", .timeLimit(.minutes(3)))
struct SpeechTests {
    /// A home whose ~/.asoundrc makes ALSA's default device the file `played`.
    private struct SoundFolder {
        let folder: TemporaryFolder
        var played: String { folder.path("played.raw") }

        init() throws {
            folder = try TemporaryFolder()
            let configuration = """
                pcm.!default {
                    type file
                    slave.pcm "null"
                    file "\(folder.path("played.raw"))"
                    format "raw"
                    truncate false
                }
                """
            try configuration.write(toFile: folder.path(".asoundrc"), atomically: true, encoding: .utf8)
        }

        /// The samples played so far (16-bit, as espeak-ng plays them).
        func samples() -> [Int16] {
            guard let data = FileManager.default.contents(atPath: played) else { return [] }
            return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
    }

    /// espeak-ng's own rendering of `text` in `voice`: its samples, without the WAV header.
    private func rendering(_ text: String, voice: String) async throws -> [Int16] {
        let folder = try TemporaryFolder()
        let wav = folder.path("reference.wav")
        let finished = try await ChildProcess.run("sh", ["-c", "espeak-ng -v \"$1\" -w \"$2\" \"$3\"", "sh", voice, wav, text],
                                                  environment: ChildProcess.environment(display: nil), within: 30)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        return data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Loud enough to be speech, not silence.
    private static func isLoud(_ sample: Int16) -> Bool { abs(Int(sample)) > 300 }

    /// Where the rendering `reference` was played in `played` from `start` on: the index its first
    /// loud sample is at, when every sample from there to its last loud one is the rendering's;
    /// nil while it is not (yet). (The silence around it may be cut by an interruption, or still
    /// wait in ALSA's buffer.)
    private func playedIndex(of reference: [Int16], in played: [Int16], from start: Int = 0) -> Int? {
        guard let firstLoud = reference.firstIndex(where: Self.isLoud), let lastLoud = reference.lastIndex(where: Self.isLoud) else { return nil }
        let speech = Array(reference[firstLoud...lastLoud])
        let probe = speech.prefix(400)
        guard played.count >= start + speech.count else { return nil }
        for index in start...(played.count - speech.count) where played[index..<index + probe.count].elementsEqual(probe) {
            if played[index..<index + speech.count].elementsEqual(speech) { return index }
        }
        return nil
    }

    /// The span from the first loud sample at or after `start` to the last loud one, in samples.
    private func loudSpan(_ samples: [Int16], from start: Int = 0) -> Int {
        guard start < samples.count, let first = samples[start...].firstIndex(where: Self.isLoud),
              let last = samples.lastIndex(where: Self.isLoud) else { return 0 }
        return last - first + 1
    }

    /// True when `span` is within 10 % of `reference`'s loud span: the same text said at the same
    /// speed (a sample-exact comparison holds only for the first utterance: espeak-ng restarted
    /// to interrupt one keeps a little of its intonation's state).
    private func sameLength(_ span: Int, as reference: [Int16]) -> Bool {
        abs(span - loudSpan(reference)) * 10 <= loudSpan(reference)
    }

    @Test(arguments: [("Bitte warten …", [String](), "de"), ("心電図を受信しています", ["--message", "心電図を受信しています"], "ja")])
    func whatIsShownIsSaidInTheVoiceOfItsLanguage(text: String, arguments: [String], voice: String) async throws {
        let sound = try SoundFolder()
        let overlay = try await LiveOverlay.start(["--speak", "--lang", "de"] + arguments, extraEnvironment: ["HOME": sound.folder.path])
        defer { overlay.stop() }
        let reference = try await rendering(text, voice: voice)
        let start = try await Poll.value("\(text) played in \(voice)", lastSeen: { "\(sound.samples().count) samples; \(overlay.program.errors.text)" }) {
            playedIndex(of: reference, in: sound.samples())
        }
        #expect(start < 22_050 / 2, "said at once")
    }

    @Test func speakOffSaysNothingAndSpeakOnSaysWhatIsShown() async throws {
        let sound = try SoundFolder()
        let overlay = try await LiveOverlay.start(["--message", "Bitte warten", "--lang", "de"], extraEnvironment: ["HOME": sound.folder.path])
        defer { overlay.stop() }
        _ = try await overlay.waitUntilShowing()
        try await overlay.send("ping")
        try await Poll.until("pong") { overlay.program.output.text.contains("pong") }
        #expect(sound.samples().isEmpty, "nothing is said without --speak")
        try await overlay.send("speak on")
        let waiting = try await rendering("Bitte warten", voice: "de")
        _ = try await Poll.value("the message shown, said at speak on", lastSeen: { "\(sound.samples().count) samples; \(overlay.program.errors.text)" }) {
            playedIndex(of: waiting, in: sound.samples())
        }
        try await overlay.send("speak off\nmsg Nichts\nping")
        try await Poll.until("the second pong") { overlay.program.output.lines.filter { $0 == "pong" }.count == 2 }
        let silent = sound.samples().count
        // One write, one batch: at speak on the HUD already shows the outcome, said alone.
        try await overlay.send("speak on\nsuccess")
        let done = try await rendering("Erledigt", voice: "de")
        try await Poll.until("\"Erledigt\" for a bare success, as long as espeak-ng says it", lastSeen: { "\(sound.samples().count) samples" }) {
            sameLength(loudSpan(sound.samples(), from: silent), as: done)
        }
        let afterSpeakOff = sound.samples()[..<silent]
        #expect(loudSpan(Array(afterSpeakOff), from: max(0, playedIndex(of: waiting, in: Array(afterSpeakOff)).map { $0 + loudSpan(waiting) } ?? 0)) == 0,
                "nothing said after speak off")
    }
}
