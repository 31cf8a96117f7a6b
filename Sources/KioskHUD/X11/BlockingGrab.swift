import Glibc
import Synchronization
internal import CKioskX11
import KioskCore
import KioskPlatform

/// Holds the whole keyboard and pointer of the X display while the overlay blocks, so no key or
/// click reaches any other client, wherever the pointer is.
///
/// The grab lives on an X connection of its own, used only by a thread of its own (the
/// `kp_grab_*` functions of x11_grab.c), on the root window: SDL never sees that connection, so
/// its own grab bookkeeping (which ungrabs on focus and crossing changes) cannot release it, and
/// the root is viewable whichever overlay window is mapped. When another client holds the
/// keyboard or the pointer (a menu, a window manager's drag, a screen locker), the thread
/// watches for that grab to end (crossing and focus events with mode NotifyUngrab, a top-level
/// window unmapping) and takes the grab then; it also retakes a grab the server revoked. A slow
/// retry every `backstopRetryMilliseconds` covers a grab whose end no watched window hears of.
final class BlockingGrab: Sendable {
    /// What the grab is doing now: `.released` (not wanted), `.held`, or `.refused` (wanted, but
    /// another client holds the keyboard or the pointer; the grab keeps the part it got and takes
    /// the rest as soon as that client lets go).
    typealias Status = BlockingGrabState.Status

    /// How long a refused grab waits at most before it is tried again without any event saying
    /// the other grab ended: a backstop only, events normally retake it at once.
    static let backstopRetryMilliseconds = 1_000

    /// What the grab took that the Cancel may want: while blocking, every press and key comes to
    /// the grab's connection, not to the overlay's windows.
    enum Taken: Sendable, Equatable {
        /// The first button (or a touch's emulated pointer) went down at this point of the X screen.
        case pressed(x: Int, y: Int)
        /// It went up at this point.
        case released(x: Int, y: Int)
        /// Escape.
        case escape
    }

    /// The most inputs handed on from one reading of the connection; more are dropped.
    private static let takenPerReading = 32

    private let channel: Channel

    private init(channel: Channel) {
        self.channel = channel
    }

    deinit {
        channel.isStopping.store(true, ordering: .sequentiallyConsistent)
        channel.wake()
    }

    /// Opens its own connection to the X server named by DISPLAY (XOpenDisplay(NULL)) and starts
    /// its thread, the only one to use that connection. Returns nil when no X server answers
    /// (or no pipe could be made); throws when the thread cannot start. Every change of status is
    /// passed to `report`, and the presses and Escape the grab took to `took`, on the grab's
    /// thread. If the connection breaks later, the thread ends
    /// and the backend's next wait tells the loop the display is lost, as for SDL's connection.
    static func start(report: @escaping @Sendable (Status) -> Void,
                      took: @escaping @Sendable ([Taken]) -> Void) throws(NativeThread.StartFailure) -> BlockingGrab? {
        // The thread says on `answer` whether it opened the connection. Only its closure holds
        // the writing end, so the read ends if the thread ends without answering.
        guard let channel = Channel(), let (question, answer) = try? FileDescriptor.pipe() else { return nil }
        try NativeThread.start(name: "blocking grab") {
            run(channel, report: report, took: took, answering: answer)
        }
        var reply: UInt8 = Channel.failed
        let read = try? withUnsafeMutableBytes(of: &reply) { bytes throws(Errno) in try question.read(into: bytes) }
        guard read == 1, reply == Channel.opened else { return nil }
        return BlockingGrab(channel: channel)
    }

    /// Asks for the grab (true) or its release (false); returns at once. Thread-safe.
    func want(_ wanted: Bool) {
        guard channel.isWanted.exchange(wanted, ordering: .sequentiallyConsistent) != wanted else { return }
        channel.wake()
    }

    /// The grab's thread: takes, keeps and releases the grab as wanted until the owner goes.
    private static func run(_ channel: Channel, report: @Sendable (Status) -> Void, took: @Sendable ([Taken]) -> Void,
                            answering answer: FileDescriptor) {
        guard let grab = kp_grab_open() else {
            try? answer.writeAll([Channel.failed])
            return
        }
        try? answer.writeAll([Channel.opened])
        defer { kp_grab_close(grab) }
        var status = Status.released
        var retries = false
        var backstop = MonotonicClock.nanoseconds()
        while !channel.isStopping.load(ordering: .sequentiallyConsistent), kp_x11_connection_lost() == 0 {
            let wanted = channel.isWanted.load(ordering: .sequentiallyConsistent)
            var next = status
            if wanted, status == .released || retries {
                next = kp_grab_take(grab) != 0 ? .held : .refused
                backstop = MonotonicClock.deadline(inSeconds: Double(backstopRetryMilliseconds) / 1000)
            } else if !wanted, status != .released {
                kp_grab_release(grab)
                next = .released
            }
            retries = false
            if next != status {
                status = next
                report(status)
            }
            var reading = [kp_grab_taken](repeating: kp_grab_taken(), count: takenPerReading), count: Int32 = 0
            let news = kp_grab_drain(grab, &reading, Int32(reading.count), &count)
            let taken = reading.prefix(Int(count)).compactMap(Taken.init)
            if !taken.isEmpty { took(taken) }
            // A grab ended: another client's (take ours now) or ours, revoked (take it back;
            // taking a grab still held changes nothing).
            if news & Int32(KP_GRAB_ENDED.rawValue) != 0, wanted {
                retries = true
                continue
            }
            let timeout = status == .refused ? MonotonicClock.milliseconds(until: backstop) : -1
            var descriptors = [pollfd(fd: kp_grab_connection_fd(grab), events: Int16(POLLIN), revents: 0),
                               pollfd(fd: channel.wakeUp.descriptor, events: Int16(POLLIN), revents: 0)]
            let ready = retryingInterrupted { poll(&descriptors, nfds_t(descriptors.count), timeout) }
            if ready < 0 {
                // Leaving releases the grab (kp_grab_close): the host must not be told it holds.
                Diagnostics.report("the blocking grab cannot wait for events (errno \(errno)); it no longer holds anything")
                if wanted || status != .released { report(.refused) }
                return
            }
            if descriptors[1].revents != 0 { channel.wakeUp.clear() }
            if status == .refused, MonotonicClock.nanoseconds() >= backstop { retries = true }
            // Events on the connection are read by kp_grab_drain at the top of the next round.
        }
    }

    /// What the owner and the thread share: what is wanted, whether to stop, and the wake-up that
    /// ends the thread's poll(). Freed when both have let go.
    private final class Channel: Sendable {
        static let opened: UInt8 = 1
        static let failed: UInt8 = 0

        let isWanted = Atomic<Bool>(false)
        let isStopping = Atomic<Bool>(false)
        let wakeUp: WakeUp

        init?() {
            guard let wakeUp = try? WakeUp() else { return nil }
            self.wakeUp = wakeUp
        }

        /// Makes the thread's poll() return.
        func wake() { wakeUp.signal() }
    }
}

extension BlockingGrab.Taken {
    /// The input `taken` says (kp_grab_drain's), or nil for a kind this side does not know.
    fileprivate init?(_ taken: kp_grab_taken) {
        switch UInt32(taken.kind) {
        case KP_GRAB_PRESSED.rawValue: self = .pressed(x: Int(taken.x), y: Int(taken.y))
        case KP_GRAB_RELEASED.rawValue: self = .released(x: Int(taken.x), y: Int(taken.y))
        case KP_GRAB_ESCAPE.rawValue: self = .escape
        default: return nil
        }
    }
}
