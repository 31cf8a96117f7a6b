import KioskCore
import KioskFonts
import KioskPlatform

/// A display a backend opened: what the layout is for.
struct OpenedDisplay {
    /// The screen the overlay is laid out for: the display's size, turned by `--rotate`.
    var logicalSize: Size
    /// What the display tells of its density and scale.
    var profile: DisplayProfile
}
