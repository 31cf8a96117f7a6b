internal import CKioskFramebuffer
import KioskCore
import KioskPlatform

/// The virtual console a bare screen's picture is on, followed while another console is switched
/// to (Ctrl+Alt+F2, `chvt 2`, a getty): the kernel asks before it switches away, and the overlay
/// stops showing, then lets the console go; when the console is switched back, the overlay takes
/// the screen again and shows its whole picture. Without this the wheel would go on turning over
/// the other console's text (fbdev), or hide that console altogether (DRM, while master).
///
/// The kernel's requests arrive as signals on `SignalWatcher`'s thread; they are kept here and
/// handled on the loop's thread (`handle`), which the watcher wakes.
final class ConsoleSwitches {
    private let requests = LockedValue<[Int32]>([])
    /// Whether another console is in front: nothing may be shown until it is switched back.
    private(set) var isAway = false

    /// Follows the console in front, waking the loop with `wake` when a switch asks for it; nil
    /// when it cannot be followed (the reason, where one is worth saying, on stderr).
    static func follow(waking wake: @escaping @Sendable () -> Bool) -> ConsoleSwitches? {
        let switches = ConsoleSwitches()
        let requests = switches.requests
        // Listening before the console is changed, so no switch's signal finds nobody; if it
        // cannot be changed, none ever comes.
        SignalWatcher.whenConsoleSwitches { number in
            requests.withLock { $0.append(number) }
            _ = wake()
        }
        do {
            try FramebufferError.check {
                kfb_console_follow_switches(SignalWatcher.consoleLeaveSignal, SignalWatcher.consoleReturnSignal, $0, $1)
            }
        } catch {
            if !error.description.isEmpty { Diagnostics.report(error.description) }
            return nil
        }
        return switches
    }

    private init() {}

    /// Follows a switch the kernel made without asking (while a reset of the console had its
    /// switches not followed): the overlay's console no longer in front is left (`leave`), back
    /// in front is taken again (`comeBack`, which shows the whole picture). Returns what the loop
    /// hears, or nil when nothing changed.
    func noteFront(_ inFront: Bool, leave: () -> Void, comeBack: () -> Void) -> LoopInput? {
        guard inFront == isAway else { return nil }
        isAway = !inFront
        if inFront { comeBack() } else { leave() }
        return said(away: isAway)
    }

    /// Says on stderr that the overlay's console went away (or is back), and returns what the
    /// loop hears of it.
    private func said(away: Bool) -> LoopInput {
        Diagnostics.report(away ? "another console was switched to: nothing is drawn until this one is back"
                                : "the console is back: drawing again")
        return .screenAway(away)
    }

    /// Answers the switches asked for since the last call: before letting the console go,
    /// `leave` stops showing; after taking it back, `comeBack` shows the whole picture again.
    /// A leave signal no switch is waiting for (sent by hand) is undone with `comeBack`. Returns
    /// what the loop hears: `.screenAway(true)` for a console let go, `false` for one taken back.
    func handle(leave: () -> Void, comeBack: () -> Void) -> [LoopInput] {
        var heard: [LoopInput] = []
        for number in requests.withLock({ pending in defer { pending = [] }; return pending }) {
            if number == SignalWatcher.consoleLeaveSignal, !isAway {
                leave()
                guard kfb_console_let_go() == 1 else {
                    comeBack()
                    continue
                }
                isAway = true
                heard.append(said(away: true))
            } else if number == SignalWatcher.consoleReturnSignal, isAway {
                kfb_console_take_back()
                isAway = false
                comeBack()
                heard.append(said(away: false))
            }
        }
        return heard
    }
}
