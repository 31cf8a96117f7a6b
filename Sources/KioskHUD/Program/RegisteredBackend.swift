import KioskCore
import KioskFonts
import KioskPlatform

/// A backend `--backend` can name and `BackendRegistry` choose (docs/HACKING.md lists what a
/// new one needs).
protocol RegisteredBackend: DisplayBackend {
    /// The `--backend` choice that names it.
    static var choice: WindowingBackend { get }

    /// Why `--backend auto` does not try it in this environment (its server's variable is not
    /// set, its device does not exist, `options` rule it out), for the line a start that finds
    /// nothing ends with; nil when it is offered.
    static func absence(for options: LaunchOptions) -> String?

    /// Opens the displays `options` ask for, drawing text with `glyphs`; what must be given back
    /// at the exit (a console's mode) is added to `exit`'s releases, and a display whose loss
    /// cannot wait for the loop ends the program through `exit`.
    static func open(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit) throws(StartupError) -> Self
}

extension RegisteredBackend {
    var name: String { Self.choice.rawValue }
}
