/// One instruction from the host, as read from one line of input.
public enum Command: Sendable, Equatable {
    /// Make the HUD visible (back to the wheel after an outcome).
    case show
    /// Hide the HUD; nothing is drawn and, when blocking, input is released.
    case hide
    /// Replace the message under the wheel; an empty text clears it.
    case message(String)
    /// Replace the details line under the message; an empty text clears it.
    case detail(String)
    /// Swallow (`true`) or pass on (`false`) all input outside the HUD.
    case block(Bool)
    /// Show a determinate ring (or bar) filled to this percentage, 0...100; nil goes back to the
    /// wheel.
    case progress(Double?)
    /// zenity's `pulsate:true` (the wheel) or `pulsate:false` (the ring, at the last percentage).
    case pulsate(Bool)
    /// zenity's percentage line: the percentage, 0...100, shown at once unless pulsating (then
    /// kept for `pulsate:false`, as zenity keeps it).
    case percentage(Double)
    /// Replace the wheel with an outcome's mark, set the message when given, and hide after the
    /// dismiss delay.
    case outcome(Outcome, message: String?)
    /// Answer `pong` on stdout.
    case ping
    /// Answer one line describing the state on stdout.
    case status
    /// Change the spokes' (and the progress gauge's) colour.
    case wheelColor(Color)
    /// Change the HUD's fill.
    case hudColor(Color)
    /// Change the wheel's diameter in pixels (the type stays as it is).
    case wheelSize(Int)
    /// Show a logo above the HUD, or none.
    case logo(LogoChoice)
    /// Say the HUD's messages aloud (`--speak`) or not.
    case speak(Bool)
    /// Bare screens: stop drawing and let go of the screen (DRM master dropped), its last
    /// picture staying on it, so that the next program (a display server, an application) starts
    /// from that picture instead of black. The commands after it change the state, which is no
    /// longer drawn.
    case deactivate
    /// Exit at once with status 0; `retainingScreen` (`quit --retain`): on a bare screen, leave
    /// the last picture for the next program instead of giving the console back.
    case quit(retainingScreen: Bool)
}

extension Command {
    /// True for a question (`ping`, `status`): answered, it changes nothing, so it is no sign
    /// that the host is alive (a watchdog asks too) and does not end a stall.
    public var isQuestion: Bool {
        switch self {
        case .ping, .status: return true
        default: return false
        }
    }

    /// True for `quit`, retaining the screen or not: the overlay ends with it.
    public var isQuit: Bool {
        if case .quit = self { return true }
        return false
    }
}

/// What a `logo` command asks for.
public enum LogoChoice: Sendable, Equatable {
    /// No logo.
    case none
    /// The PNG at this path, not read yet: the program reads it (and reports the line when it
    /// cannot) before the step applies it, so this changes nothing in a session.
    case file(String)
    /// A picture read; boxed, so a command stays as small as it was without it.
    indirect case picture(LogoPicture)
}

/// How a task ended, shown as a drawn mark in place of the wheel.
public enum Outcome: String, Sendable, Equatable, CaseIterable {
    /// A check mark.
    case success
    /// A cross.
    case failure = "error"
    /// An "i".
    case info
}
