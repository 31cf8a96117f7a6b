/// What `status` says of the HUD's place above every other window (`above=`): what the display
/// can promise, the same for the whole run. It qualifies `shown`: a HUD drawn is seen for sure
/// only where nothing can cover it.
public enum Stacking: String, Sendable {
    /// No application's window can cover the HUD: a layer surface on the overlay layer (only
    /// another overlay-layer surface mapped later could); an X11 window that the overlay raises
    /// again whenever another is stacked above it; a bare screen (another virtual console in
    /// front is `shown=0`).
    case held
    /// Some windows may cover it without the overlay knowing: on Xwayland, the native Wayland
    /// windows the compositor stacks above X windows (cage puts each new one on top).
    case partial
    /// An ordinary window (`--window`, or SDL showing on something other than X11), which any
    /// other may cover.
    case ordinaryWindow = "none"
    /// For the moment not on top: another client took the overlay's window from the top
    /// (unmapped, lowered or destroyed it) and it is not back yet (`above-lost` until
    /// `above-held`). Never what a display promises; `HostSession` says it while it lasts.
    case lost
}
