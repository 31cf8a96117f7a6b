/// Something that reached the loop since its last step.
public enum LoopInput: Sendable, Equatable {
    /// A parsed command or a rejected line.
    case host(HostEvent, from: InputSource)
    /// The host closed stdin (on a terminal: typed Ctrl-D).
    case endOfInput
    /// SIGINT, SIGTERM or SIGHUP (its number).
    case stopSignal(Int32)
    /// The window was closed (a plain development window's close button).
    case windowClosed
    /// The display went away (the X server or the compositor died, the device was unplugged),
    /// with the line saying so.
    case displayLost(String)
    /// Display `index` changed (resized, turned, its density or scale), or came back after it
    /// was gone: the backend made its surface anew for what it is now, to be laid out and drawn
    /// whole.
    case displayChanged(Int, OpenedDisplay)
    /// Display `index` is gone for now (its output unplugged or turned off), with the line
    /// saying so: nothing is drawn there until it changes back (`displayChanged`).
    case displayGone(Int, String)
    /// A display was added after the start (an output plugged in while `--display all` shows on
    /// every one): it is the next index, laid out and drawn whole, with the line saying so.
    case displayAdded(OpenedDisplay, String)
    /// Another client took display `index`'s window from the top (unmapped, lowered or
    /// destroyed it, or put a window above it): the backend is putting it back (and says so on
    /// stderr where another client acted on the window itself), and `windowOnTopAgain` says
    /// when it is.
    case windowCovered(Int)
    /// Display `index`'s window is on top again, after `windowCovered`.
    case windowOnTopAgain(Int)
    /// What the windowing system last said of the blocking grab.
    case grab(BlockingGrabState.Status)
    /// Another virtual console was switched to (true), hiding the overlay's screen, or the
    /// overlay's console is back in front (false); bare backends only.
    case screenAway(Bool)
    /// A press (a mouse button or a finger going down) on display `index` at a point of its
    /// screen, as the frame's coordinates are.
    case pressed(Int, at: Point)
    /// The press let go (the button up, the finger lifted) on display `index` at a point.
    case released(Int, at: Point)
    /// Escape, from a keyboard the overlay holds.
    case escapeKey

    /// How the lines name display `index`, which shows `what` ("output HDMI-A-1", "screen"):
    /// `the output HDMI-A-1` where it is the only one there can be, `display 1 (output HDMI-A-1)`
    /// where there may be several (more than one display, or `--display all`).
    public static func displayName(_ index: Int, showing what: String, amongSeveral: Bool) -> String {
        amongSeveral ? "display \(index) (\(what))" : "the \(what)"
    }

    /// Display `index` gone because its output `which` ("the output HDMI-A-1", "display 1 (output
    /// DP-1)") was unplugged or turned off, with the line every backend says it in.
    public static func outputGone(_ index: Int, _ which: String) -> LoopInput {
        .displayGone(index, "\(which) is gone (unplugged or turned off): the overlay is not seen there until it is back")
    }

    /// `display` added for the output `which` ("display 1 (output HDMI-A-1)") plugged in, with
    /// the line every backend says it in.
    public static func outputAdded(_ display: OpenedDisplay, _ which: String) -> LoopInput {
        .displayAdded(display, "\(which) was plugged in: the overlay shows there too")
    }
}
