import Glibc
internal import CKioskPlatform
import KioskCore
import KioskPlatform

/// `--systemd-progress`: a thread that reads systemd's boot progress every `readingSeconds` and
/// posts what `BootProgress` makes of each reading to the loop, as commands from
/// `InputSource.systemd`: the ring's percentage, then `quit` once the boot has finished. systemd
/// announces no change of its Progress, so it is asked; each question is one small D-Bus call to
/// PID 1, made on this thread so the loop never waits for the answer. When systemd cannot be
/// reached or read, one line on stderr says why and the following ends; the overlay goes on.
enum SystemdProgressFollower {
    /// How often systemd is asked (psplash-systemd asks once a second).
    static let readingSeconds = 0.5

    /// Starts the thread, posting to `inbox`.
    static func start(inbox: CommandInbox) throws(NativeThread.StartFailure) {
        try NativeThread.start(name: "boot progress") {
            var reason = [CChar](repeating: 0, count: 512)
            guard let systemd = kp_systemd_connect(&reason, Int32(reason.count)) else {
                giveUp(reason)
                return
            }
            defer { kp_systemd_close(systemd) }
            follow(systemd, posting: inbox, reason: &reason)
        }
    }

    /// Reads `systemd` until the boot has finished or a reading fails.
    private static func follow(_ systemd: OpaquePointer, posting inbox: CommandInbox, reason: inout [CChar]) {
        var progress = BootProgress()
        for reading in 1... {
            var fraction = 0.0
            guard kp_systemd_progress(systemd, &fraction, &reason, Int32(reason.count)) == 1 else {
                giveUp(reason)
                return
            }
            for step in progress.read(fraction) {
                switch step {
                case .progress(let percent):
                    inbox.post([.host(.command(.progress(Double(percent)), line: reading), from: .systemd)])
                case .finished:
                    Diagnostics.report("the boot has finished (systemd's progress reached 1); quitting (--systemd-progress)")
                    inbox.post([.host(.command(.quit(retainingScreen: false), line: reading), from: .systemd)])
                    return
                case .finishedBeforeStart:
                    Diagnostics.report("--systemd-progress: the boot had finished before the overlay started; nothing to follow")
                    return
                }
            }
            usleep(useconds_t(readingSeconds * 1e6))
        }
    }

    /// Says on stderr why systemd is not followed: `reason`, as the C side wrote it.
    private static func giveUp(_ reason: [CChar]) {
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Diagnostics.report("--systemd-progress: \(text); the ring is left to the host")
    }
}
