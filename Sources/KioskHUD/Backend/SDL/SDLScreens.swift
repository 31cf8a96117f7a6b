internal import CSDL
import KioskCore
import KioskPlatform

/// The SDL windows the overlay shows on, one an output, and SDL's event queue the loop waits in;
/// a wake-up is an SDL user event.
final class SDLScreens: OverlayScreens {
    private let outputs: [OverlayOutput]
    let wake: @Sendable () -> Bool
    let blockingHoldsInput = false

    /// Creates the screens for `outputs`, registering the user event that wakes the loop
    /// (SDL_RegisterEvents).
    init(outputs: [OverlayOutput]) {
        self.outputs = outputs
        // Any user event wakes the loop; a registered type keeps it apart from SDL's own.
        let registered = SDL_RegisterEvents(1)
        let wakeType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
        wake = {
            var event = SDL_Event()
            event.type = wakeType
            return SDL_PushEvent(&event) == 1
        }
    }

    func draw(_ frames: [Frame?]) {
        for (output, frame) in zip(outputs, frames) {
            guard let frame else { continue }
            do {
                try output.draw(frame)
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }

    /// Waits in SDL_WaitEventTimeout, then handles every pending event: an exposed window is
    /// presented again; SDL_QUIT (a plain window's close button) becomes `.windowClosed`.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        var event = SDL_Event()
        var got: Int32
        if let deadline {
            let milliseconds = MonotonicClock.milliseconds(until: deadline)
            got = milliseconds == 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, milliseconds)
        } else {
            got = SDL_WaitEvent(&event)
        }
        var closed = false
        while got != 0 {
            if event.type == SDL_QUIT.rawValue { closed = true }
            if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
                outputs.forEach { $0.presentAll() }
            }
            got = SDL_PollEvent(&event)
        }
        return closed ? [.windowClosed] : []
    }
}
