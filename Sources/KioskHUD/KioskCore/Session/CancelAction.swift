/// What a press of the Cancel does besides saying `cancelled` (`--on-cancel`): the host decides
/// what cancelling means, and this what the overlay does meanwhile.
public enum CancelAction: String, Sendable, Equatable, CaseIterable {
    /// Nothing: the HUD and any block stay until the host says otherwise.
    case keep
    /// The HUD is hidden and any block lifted.
    case hide
    /// The overlay ends (`ExitStatus.cancelled`).
    case quit
}
