import Glibc
internal import CKioskPlatform
import KioskCore
import KioskPlatform

/// `--systemd-progress`: a thread that reads systemd's boot progress every `readingSeconds` and
/// posts what `BootProgress` makes of each reading to the loop, as commands from
/// `InputSource.systemd`: the ring's percentage, then `quit` once the boot has finished. systemd
/// announces no change of its Progress, so it is asked; each question is one small D-Bus call to
/// PID 1 (answered within 2 s, or asked again), made on this thread so the loop never waits for
/// the answer. When systemd cannot be reached or read, one line on stderr says why and it is
/// tried again at each reading (one more line when it answers again); without libsystemd the
/// ring is left to the host.
enum SystemdProgressFollower {
    /// How often systemd is asked (psplash-systemd asks once a second).
    static let readingSeconds = 0.5

    /// Starts the thread, posting to `inbox`; `startedNanoseconds` (`MonotonicClock`) is when the
    /// overlay started, to tell a boot that finished while it waited for its display from one
    /// that had finished before (a shutdown screen).
    static func start(inbox: CommandInbox, startedNanoseconds: UInt64) throws(NativeThread.StartFailure) {
        try NativeThread.start(name: "boot progress") {
            var progress = BootProgress()
            var reading = 0
            var isFailing = false
            while true {
                var reason = [CChar](repeating: 0, count: 512)
                var lasting: Int32 = 0
                if let systemd = kp_systemd_connect(&lasting, &reason, Int32(reason.count)) {
                    defer { kp_systemd_close(systemd) }
                    while true {
                        var fraction = 0.0
                        guard kp_systemd_progress(systemd, &fraction, &reason, Int32(reason.count)) == 1 else { break }
                        if isFailing {
                            isFailing = false
                            Diagnostics.report("--systemd-progress: systemd answers again")
                        }
                        reading += 1
                        for step in progress.read(fraction) {
                            switch step {
                            case .progress(let percent):
                                inbox.post([.host(.command(.progress(Double(percent)), line: reading), from: .systemd)])
                            case .finished:
                                finish(posting: inbox, reading: reading, "the boot has finished (systemd's progress reached 1)")
                                return
                            case .finishedBeforeStart:
                                if finished(systemd, after: startedNanoseconds) {
                                    finish(posting: inbox, reading: reading, "the boot finished while the overlay waited for its display")
                                } else {
                                    Diagnostics.report("--systemd-progress: the boot had finished before the overlay started; nothing to follow")
                                }
                                return
                            }
                        }
                        usleep(useconds_t(readingSeconds * 1e6))
                    }
                }
                if !isFailing || lasting != 0 { giveUp(reason, forGood: lasting != 0) }
                if lasting != 0 { return }
                isFailing = true
                usleep(useconds_t(readingSeconds * 1e6))
            }
        }
    }

    /// Whether the boot `systemd` ran finished after `startedNanoseconds`.
    private static func finished(_ systemd: OpaquePointer, after startedNanoseconds: UInt64) -> Bool {
        var microseconds: UInt64 = 0
        var reason = [CChar](repeating: 0, count: 512)
        guard kp_systemd_finish_time(systemd, &microseconds, &reason, Int32(reason.count)) == 1 else { return false }
        return microseconds * 1000 > startedNanoseconds
    }

    /// Says `why` the overlay ends on stderr and posts `quit` to `inbox`.
    private static func finish(posting inbox: CommandInbox, reading: Int, _ why: String) {
        Diagnostics.report("\(why); quitting (--systemd-progress)")
        inbox.post([.host(.command(.quit(retainingScreen: false), line: reading), from: .systemd)])
    }

    /// Says on stderr why systemd is not followed (`forGood`) or not now: `reason`, as the C side
    /// wrote it.
    private static func giveUp(_ reason: [CChar], forGood: Bool) {
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Diagnostics.report("--systemd-progress: \(text); " + (forGood ? "the ring is left to the host" : "trying again"))
    }
}
