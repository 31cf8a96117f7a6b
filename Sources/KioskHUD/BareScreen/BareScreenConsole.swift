import Glibc
internal import CKioskFramebuffer
import KioskCore
import KioskPlatform

/// What a bare screen's backend (DRM, fbdev) has besides its device: the loop's wake-up, the
/// virtual console followed through its switches, and the console given back at exit. Nothing is
/// beneath the overlay there and it reads no input devices, so `block` holds nothing.
final class BareScreenConsole {
    /// What `block` holds on a bare screen: nothing (`grab=unsupported`).
    static let blockingInput = BlockingInput.unsupported
    /// Nothing can cover the overlay on a screen it alone draws on.
    static let stacking = Stacking.held

    /// What the loop waits on; the console's switches and `wake` signal it.
    let wakeUp: WakeUp
    /// Wakes the loop from any thread.
    let wake: @Sendable () -> Bool
    /// The console's switches, followed; nil where they cannot be.
    let switches: ConsoleSwitches?
    /// How often a reset of the console under the overlay is said on stderr: once for a reset
    /// whose steps (text mode, then the switches) are taken back at two looks, and a console
    /// reset again and again must not flood the log.
    private var resetReports = LimitedReports(count: 1, withinSeconds: 10)

    /// How often the console is looked at for a reset (a getty starting on it tells nothing):
    /// the loop sleeps no longer, and a wait for each frame does not look more often.
    static let lookNanoseconds: UInt64 = 1_000_000_000
    /// When `takeBackAfterReset` last looked (`MonotonicClock`).
    private var lastLookNanoseconds = MonotonicClock.nanoseconds()

    /// Checks that the device at `path` may be opened and makes the wake-up the loop will wait
    /// on: what comes before the device is opened.
    static func wakeUp(checkingAccessTo path: String) throws(StartupError) -> WakeUp {
        do { try FramebufferError.checkAccess(path) } catch { throw .framebuffer(error) }
        do {
            return try WakeUp()
        } catch {
            throw .framebuffer(FramebufferError(.noMemory, "cannot make the loop's wake-up: \(error)"))
        }
    }

    /// The console of a device now open, waking the loop through `wakeUp`: at exit its picture
    /// and mode are given back (kfb_restore_all) at the finish of `releases`, and its switches
    /// are followed from now on.
    init(wakeUp: WakeUp, releases: ExitProcedure) {
        self.wakeUp = wakeUp
        let wake: @Sendable () -> Bool = { wakeUp.signal() }
        self.wake = wake
        releases.closeAtExit { kfb_restore_all() }
        switches = ConsoleSwitches.follow(waking: wake)
    }

    /// Whether another console is in front, so nothing may be shown.
    var isAway: Bool { switches?.isAway == true }

    /// Sleeps until `deadline` (`MonotonicClock` nanoseconds; nil: until woken), or until the
    /// console is next to be looked at (`lookNanoseconds` after the last look), or the wake-up,
    /// on the wake-up and `devices` (the device, the hot-plug events); returns the polled
    /// descriptors, the wake-up first, then `devices` in order (none when the time ran out).
    func wait(until deadline: UInt64?, alsoOn devices: [Int32] = []) -> [pollfd] {
        let latest = lastLookNanoseconds + Self.lookNanoseconds
        let timeout = Int32(MonotonicClock.milliseconds(until: min(deadline ?? latest, latest)))
        var watched = ([wakeUp.descriptor] + devices).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&watched, nfds_t(watched.count), timeout) > 0 else { return [] }
        if watched[0].revents != 0 { wakeUp.clear() }
        return watched
    }

    /// Takes the console back when it was reset under the overlay (a getty starting on it: the
    /// kernel put it in text mode and stopped following its switches, `kfb_console_reassert`),
    /// and has `redraw` show the whole picture again over the text it drew, said on stderr; a
    /// switch the kernel made meanwhile without asking is followed as `ConsoleSwitches` follows
    /// one it asks for (`leave`, `comeBack`). Returns what the loop hears of such a switch.
    /// It looks at most once every `lookNanoseconds`: the loop's wait for each frame calls it.
    func takeBackAfterReset(leave: () -> Void, comeBack: () -> Void, redraw: () -> Void) -> [LoopInput] {
        let now = MonotonicClock.nanoseconds()
        guard now >= lastLookNanoseconds + Self.lookNanoseconds else { return [] }
        lastLookNanoseconds = now
        var inFront: Int32 = 1
        let taken = kfb_console_reassert(&inFront) == 1
        if let switched = switches?.noteFront(inFront == 1, leave: leave, comeBack: comeBack) { return [switched] }
        guard taken, !isAway else { return [] }
        redraw()
        resetReports.report("the console was reset under the overlay (a getty started on it?): it is taken back and the "
                            + "picture drawn whole", at: now)
        return []
    }
}
