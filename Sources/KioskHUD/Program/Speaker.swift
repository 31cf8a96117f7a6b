internal import CKioskPlatform
import KioskCore
import KioskPlatform

/// Says the overlay's utterances aloud through espeak-ng, on a thread of its own so the loop
/// never waits for the sound device: each new utterance is handed over at once and the thread
/// interrupts what is being said with it (one waiting, the latest). libespeak-ng is loaded the
/// first time something is to be said; where it cannot be, one line on stderr says why and
/// nothing is said. The mailbox is touched only under `condition`'s lock.
final class Speaker: @unchecked Sendable {
    /// The utterance waiting for the thread, and whether the thread was started.
    private struct Mailbox {
        var waiting: Announcer.Utterance?
        var started = false
    }

    private let condition = Condition()
    private var mailbox = Mailbox()

    /// A speaker that loads espeak-ng and starts its thread on the first utterance.
    init() {}

    /// Hands `utterance` to the speaking thread, replacing one not said yet; returns at once.
    func say(_ utterance: Announcer.Utterance) {
        let mustStart = condition.locked { () -> Bool in
            mailbox.waiting = utterance
            condition.broadcast()
            defer { mailbox.started = true }
            return !mailbox.started
        }
        guard mustStart else { return }
        do {
            try NativeThread.start(name: "speech") { [self] in speak() }
        } catch {
            Diagnostics.report("cannot say anything aloud: \(error)")
        }
    }

    /// The thread: loads espeak-ng, then says each utterance handed over, the latest first.
    private func speak() {
        var reason = [CChar](repeating: 0, count: 256)
        guard kp_speech_open(&reason, Int32(reason.count)) == 1 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Diagnostics.report("nothing is said aloud: \(text)")
            return
        }
        while true {
            guard let utterance = condition.locked({ () -> Announcer.Utterance? in
                while mailbox.waiting == nil { condition.wait() }
                defer { mailbox.waiting = nil }
                return mailbox.waiting
            }) else { continue }
            if kp_speech_say(utterance.voice, utterance.text) != 1 {
                Diagnostics.report("espeak-ng cannot say \"\(utterance.text)\" in its voice \(utterance.voice)")
            }
        }
    }
}
