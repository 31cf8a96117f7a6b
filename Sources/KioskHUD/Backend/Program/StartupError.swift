import KioskCore

/// Why the overlay could not start, each with the exit status it ends with: the one place
/// where failures become statuses.
enum StartupError: Error, CustomStringConvertible {
    /// The FIFO named by `--fifo` or `--psplash` cannot be used.
    case fifo(FIFOReader.Refusal)
    /// The control socket named by `--listen` cannot be made.
    case controlSocket(ListeningSocket.Refusal)
    /// No font could be opened.
    case fonts(SDLError)
    /// No display could be opened, or its window made.
    case display(SDLError)
    /// A thread the overlay needs could not start (the system is out of threads or memory).
    case thread(NativeThread.StartFailure)

    /// The status the program exits with.
    var exitStatus: ExitStatus {
        switch self {
        case .fifo, .controlSocket: return .usage
        case .fonts, .thread: return .failure
        case .display: return .noDisplay
        }
    }

    var description: String {
        switch self {
        case .fifo(let refusal): return "\(refusal)"
        case .controlSocket(let refusal): return "\(refusal)"
        case .fonts(let error): return "cannot load the font: \(error)"
        case .thread(let failure): return "\(failure)"
        case .display(let error):
            let display = Environment.value("DISPLAY").map { "No X server answers at DISPLAY=\($0). " } ?? ""
            return "cannot open a display: \(error). \(display)Set DISPLAY to a running X server (e.g. DISPLAY=:0), "
                + "run on the console with SDL_VIDEODRIVER=kmsdrm, or render a picture with --snapshot FILE.png"
        }
    }
}
