import Glibc
internal import CSDL
internal import CKioskX11
import KioskCore
import KioskFonts
import KioskPlatform

/// SDL windows on an X server (XWayland too), one a display, or one plain development window
/// (`--window WxH`), and SDL's event queue the loop waits in; a wake-up is an SDL user event.
/// `block` holds keyboard and pointer through the backend's own X11 grab, whose news, like a
/// broken connection to the server and a change of the screen (RandR), the wait returns as
/// inputs to the step.
final class X11Backend: RegisteredBackend {
    static let choice = WindowingBackend.x11
    var displays: [OpenedDisplay] { followed.map(\.opened) }
    let blockingInput: BlockingInput
    /// SDL's button, finger (XInput2 touch) and key events on the overlay's windows.
    let readsPresses = true
    let stacking: Stacking
    let wake: @Sendable () -> Bool
    /// Each display shown on, followed through the screen's changes.
    private var followed: [FollowedDisplay]
    /// Whether outputs plugged in later are shown on too (`--display all`).
    private let showsOnEveryOutput: Bool
    /// How the windows are turned, and the glyphs they draw text with (for displays added later).
    private let rotation: Rotation
    private let glyphs: FontChain
    /// SDL's X11 connection, whose screen changes are followed; nil for a plain window or where
    /// SDL does not run on X11.
    private let watchedScreen: UnsafeMutableRawPointer?
    /// SDL's video, alive as long as the windows.
    private let session: SDLSession
    /// The grab that holds keyboard and pointer while blocking; nil for a plain window.
    private let grab: BlockingGrab?
    /// How often a window put back after another client unmapped or destroyed it is said on
    /// stderr: a client that keeps doing it must not flood the log.
    private var remapReports = LimitedReports(count: 4, withinSeconds: 60)
    /// How often an output plugged in whose window cannot be made is said (it is tried again at
    /// each change of the screen).
    private var addReports = LimitedReports(count: 4, withinSeconds: 60)
    /// The displays whose window another client took from the top, not yet back on top.
    private var covered: Set<Int> = []
    /// What the grab's thread told since the last wait, for the next one to return.
    private let heard = LockedValue<[LoopInput]>([])
    /// The finger followed for the Cancel (the first down, until it lifts).
    private var followedFinger: SDL_FingerID?
    /// The presses and Escape the blocking grab took (its thread's), until the next wait.
    private let taken = LockedValue<[BlockingGrab.Taken]>([])

    /// Offered where an X server is named, or for a plain window (which SDL can also show on
    /// a Wayland compositor).
    static func absence(for options: LaunchOptions) -> String? {
        options.windowSize != nil || Environment.value("DISPLAY") != nil ? nil : "DISPLAY is not set"
    }

    /// Starts SDL's video, refuses a `--display` the server does not have, and makes the windows.
    static func open(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit) throws(StartupError) -> X11Backend {
        finishOnConnectionLoss.withLock { $0 = exit }
        kp_x11_on_connection_loss(wakeAfterConnectionLoss, endAfterConnectionLoss)
        let session: SDLSession
        do { session = try SDLSession() } catch { throw .display(error) }
        try checkDisplayExists(options)
        var followed: [FollowedDisplay] = []
        do throws(SDLError) {
            for placement in placements(options) {
                followed.append(try FollowedDisplay(placement: placement, session: session, rotation: options.rotation, glyphs: glyphs))
            }
        } catch {
            throw .display(error)
        }
        // The X events of the root (`kp_x11_watch_stacking`, `X11Screen.watch`), to stay on top
        // and to follow the screen's changes.
        let watchedScreen = options.windowSize == nil ? followed.first?.window.x11Display : nil
        if options.windowSize == nil { _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE) }
        if let watchedScreen { X11Screen.watch(watchedScreen) }
        let grabs = options.windowSize == nil && SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
        let xClientsOnly = xClientsOnlyReason(followed.map(\.window))
        if grabs, let xClientsOnly { Diagnostics.report(xClientsOnly) }
        return try X11Backend(session: session, followed: followed, watchedScreen: watchedScreen,
                              showsOnEveryOutput: options.mirrorsOnAllDisplays && options.windowSize == nil,
                              rotation: options.rotation, glyphs: glyphs,
                              blockingInput: grabs ? .grab(onlyXClients: xClientsOnly) : .unsupported,
                              stacking: stacking(overlaying: grabs, xClientsOnly: xClientsOnly))
    }

    /// Creates the backend for the `followed` displays, registering the user event that wakes the loop
    /// (SDL_RegisterEvents), and starts the grab where it holds input with one: a grab that
    /// cannot be set up is a start failure, since a `block` that does not block must never run.
    private init(session: SDLSession, followed: [FollowedDisplay], watchedScreen: UnsafeMutableRawPointer?,
                 showsOnEveryOutput: Bool, rotation: Rotation, glyphs: FontChain,
                 blockingInput: BlockingInput, stacking: Stacking) throws(StartupError) {
        self.session = session
        self.followed = followed
        self.watchedScreen = watchedScreen
        self.showsOnEveryOutput = showsOnEveryOutput
        self.rotation = rotation
        self.glyphs = glyphs
        self.blockingInput = blockingInput
        self.stacking = stacking
        // Any user event wakes the loop; a registered type keeps it apart from SDL's own.
        let registered = SDL_RegisterEvents(1)
        let wakeType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
        let wake: @Sendable () -> Bool = {
            var event = SDL_Event()
            event.type = wakeType
            return SDL_PushEvent(&event) == 1
        }
        self.wake = wake
        Self.wakeOnConnectionLoss.withLock { $0 = wake }
        guard case .grab(let onlyXClients) = blockingInput else {
            grab = nil
            return
        }
        let heard = heard, taken = taken
        do {
            grab = try BlockingGrab.start(report: { status in
                heard.withLock { $0.append(.grab(onlyXClients != nil && status == .held ? .partial : status)) }
                _ = wake()
            }, took: { inputs in
                // Kept within bounds should the loop fall behind: the Cancel needs only the latest.
                taken.withLock { $0 = Array(($0 + inputs).suffix(Self.takenLimit)) }
                _ = wake()
            })
        } catch {
            throw .thread(error)
        }
        if grab == nil { throw .blockingGrab }
    }

    /// The line a broken connection to the X server ends the overlay with.
    private static let connectionLostReason = "lost the connection to the X server; exiting"

    /// What wakes the loop when a connection to the X server breaks (the backend's `wake`).
    private static let wakeOnConnectionLoss = LockedValue<(@Sendable () -> Bool)?>(nil)

    /// Called by Xlib's I/O error handler (kp_x11_on_connection_loss), on whichever thread's
    /// connection broke: it only wakes the loop, whose next wait returns the loss.
    private static let wakeAfterConnectionLoss: @convention(c) () -> Void = {
        _ = wakeOnConnectionLoss.withLock { $0 }?()
    }

    /// The program's finish, for a connection lost before any loop runs. Xlib's handler is one
    /// for the process and carries no context, so it is kept here, as `wakeOnConnectionLoss` is.
    private static let finishOnConnectionLoss = LockedValue<ProgramExit?>(nil)

    /// Called by Xlib's I/O error handler for a connection that cannot outlive its loss (one
    /// open only while starting, before any loop runs): ends the program at once (Xlib's handler
    /// must not return).
    private static let endAfterConnectionLoss: @convention(c) () -> Void = {
        // `open` keeps the finish before it installs the handler.
        guard let exit = finishOnConnectionLoss.withLock({ $0 }) else { _exit(ExitStatus.displayLost.rawValue) }
        exit.finish(.displayLost, within: ProgramExit.promptSeconds, reporting: X11Backend.connectionLostReason)
    }

    /// Why an X client holds input and stays on top only among X clients here, said once at
    /// start, or nil where it is alone with them: on Xwayland (or with a Wayland compositor named
    /// beside the X server) native Wayland applications get keys and clicks whatever an X client
    /// grabs, and the compositor may stack their windows above the HUD without X knowing.
    private static func xClientsOnlyReason(_ windows: [OverlayWindow]) -> String? {
        let compositor = Environment.value("WAYLAND_DISPLAY")
        guard compositor != nil || windows.contains(where: \.isOnXWayland) else { return nil }
        let server = compositor.map { "a Wayland compositor runs (WAYLAND_DISPLAY=\($0))" } ?? "the X server is Xwayland"
        return "block holds keyboard and pointer for X clients only: \(server), and an X grab does not reach its "
            + "native Wayland applications; status says grab=partial while blocking, and above=partial: "
            + "the compositor may put a native window over the HUD unseen"
    }

    /// What the overlay's windows promise of their place on top: an overlay on an X server
    /// stays above every X window (it raises itself again), which is everything unless native
    /// Wayland windows share the screen; a plain window, or one SDL shows on something other than
    /// X11, is an ordinary window.
    private static func stacking(overlaying: Bool, xClientsOnly: String?) -> Stacking {
        guard overlaying else { return .ordinaryWindow }
        return xClientsOnly == nil ? .held : .partial
    }

    /// Where the overlay shows: a plain window (`--window`), every display (`--display all`), or
    /// one display.
    private static func placements(_ options: LaunchOptions) -> [OverlayWindow.Placement] {
        if let size = options.windowSize { return [.plain(size)] }
        guard options.mirrorsOnAllDisplays else { return [.overlay(display: options.display)] }
        return (0..<max(1, Int(SDL_GetNumVideoDisplays()))).map { .overlay(display: $0) }
    }

    /// Refuses `--display N` when the display server has no display N (SDL_GetNumVideoDisplays),
    /// so it is named as such instead of as a display that cannot be opened.
    private static func checkDisplayExists(_ options: LaunchOptions) throws(StartupError) {
        guard options.windowSize == nil, !options.mirrorsOnAllDisplays else { return }
        let count = Int(SDL_GetNumVideoDisplays())
        guard count > 0, options.display >= count else { return }
        throw .noSuchDisplay(index: options.display, count: count)
    }

    func draw(_ frames: [Frame?]) {
        guard kp_x11_connection_lost() == 0 else { return }
        for (display, frame) in zip(followed, frames) {
            guard let frame else { continue }
            do {
                try display.output.draw(frame)
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }

    func holdInput(_ wanted: Bool) {
        grab?.want(wanted)
    }

    /// Waits in SDL_WaitEventTimeout, then handles every pending event: an exposed window is
    /// presented again; SDL_QUIT (a plain window's close button) becomes `.windowClosed`; the
    /// grab's news since the last wait become `.grab`; a change of the screen (RandR, the root
    /// resized) is followed by each display: one that moved, resized or came back is
    /// `.displayChanged` with its new window, one whose output went is `.displayGone`; a
    /// window another client unmapped is mapped again; a broken connection to the X server (noted by Xlib's handler, which
    /// returns) is `.displayLost`, and SDL is not called again.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        if kp_x11_connection_lost() != 0 { return [.displayLost(Self.connectionLostReason)] }
        var event = SDL_Event()
        var got: Int32
        // While a window is to be put back on top, it is looked at again at least this often.
        let deadline = covered.isEmpty ? deadline
            : min(deadline ?? .max, MonotonicClock.nanoseconds() + OverlayWindow.raiseIntervalNanoseconds)
        if !heard.withLock(\.isEmpty) {
            got = SDL_PollEvent(&event)
        } else if let deadline {
            let milliseconds = MonotonicClock.milliseconds(until: deadline)
            got = milliseconds == 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, milliseconds)
        } else {
            got = SDL_WaitEvent(&event)
        }
        var closed = false, screenChanged = false
        var interferences: [LoopInput] = [], destroyed: Set<Int> = [], presses: [LoopInput] = []
        while got != 0, kp_x11_connection_lost() == 0 {
            if event.type == SDL_QUIT.rawValue { closed = true }
            if let press = pressInput(&event) { presses.append(press) }
            if event.type == SDL_WINDOWEVENT.rawValue, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
                followed.forEach { $0.output.presentAll() }
            }
            if let xEvent = csdl_x11_event(&event) {
                for (index, display) in followed.enumerated() where !destroyed.contains(index) {
                    let wasShown = display.output.isShown
                    guard let interference = display.output.keepShown(after: xEvent) else { continue }
                    if interference == .destroyed { destroyed.insert(index) }
                    if let line = interferenceLine(interference, index) { remapReports.report(line) }
                    if wasShown, covered.insert(index).inserted { interferences.append(.windowCovered(index)) }
                }
                if let watchedScreen, X11Screen.isChange(xEvent, on: watchedScreen) { screenChanged = true }
            }
            got = SDL_PollEvent(&event)
        }
        if kp_x11_connection_lost() != 0 { return [.displayLost(Self.connectionLostReason)] }
        let grabNews = heard.withLock { news in
            defer { news.removeAll() }
            return news
        }
        // A window made anew in this wait is mapped by the frame drawn next: it is looked at in
        // the next wait, which comes soon while a window is to be put back.
        let grabbed = taken.withLock { inputs in
            defer { inputs.removeAll() }
            return inputs
        }
        return grabNews + interferences + destroyed.sorted().compactMap(remake) + (screenChanged ? followScreen() : [])
            + backOnTop(except: destroyed) + presses + grabbed.compactMap(input) + (closed ? [.windowClosed] : [])
    }

    /// The most presses the grab's thread keeps for the loop between two waits.
    private static let takenLimit = 64

    /// What an input the blocking grab took means for the Cancel: Escape, or a press or release
    /// at the frame's point of the display that holds it; nil off every display.
    private func input(_ taken: BlockingGrab.Taken) -> LoopInput? {
        let x: Int, y: Int, isDown: Bool
        switch taken {
        case .escape: return .escapeKey
        case .pressed(let atX, let atY): (x, y, isDown) = (atX, atY, true)
        case .released(let atX, let atY): (x, y, isDown) = (atX, atY, false)
        }
        for (index, display) in followed.enumerated() {
            guard let point = display.output.framePoint(onScreen: x, y) else { continue }
            return isDown ? .pressed(index, at: point) : .released(index, at: point)
        }
        return nil
    }

    /// What a button, finger or key event means for the Cancel: a press or a release on a
    /// display's window, at the frame's point under it, or Escape; nil for any other event. SDL's
    /// mouse copy of a touch is left out (the touch comes as a finger).
    private func pressInput(_ event: inout SDL_Event) -> LoopInput? {
        let windowID: UInt32, place: OverlayWindow.WindowPlace, isDown: Bool
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            guard csdl_is_touch_mouse(&event) == 0, event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            windowID = event.button.windowID
            place = .pixel(Int(event.button.x), Int(event.button.y))
            isDown = event.type == SDL_MOUSEBUTTONDOWN.rawValue
        case SDL_FINGERDOWN.rawValue, SDL_FINGERUP.rawValue:
            // The first finger down is followed until it lifts; the others are not the Cancel's.
            isDown = event.type == SDL_FINGERDOWN.rawValue
            if isDown, followedFinger == nil { followedFinger = event.tfinger.fingerId }
            guard followedFinger == event.tfinger.fingerId else { return nil }
            if !isDown { followedFinger = nil }
            windowID = event.tfinger.windowID
            place = .fraction(Double(event.tfinger.x), Double(event.tfinger.y))
        case SDL_KEYDOWN.rawValue:
            return event.key.keysym.sym == SDLK_ESCAPE.rawValue && event.key.repeat == 0 ? .escapeKey : nil
        default:
            return nil
        }
        for (index, display) in followed.enumerated() {
            guard let point = display.output.framePoint(ofWindow: windowID, at: place) else { continue }
            return isDown ? .pressed(index, at: point) : .released(index, at: point)
        }
        return nil
    }

    /// The line saying what another client did to display `index`'s window itself and how it is
    /// put back; nil for a window put above it, which is ordinary life (an application's new
    /// window on a screen without a window manager) and needs no line.
    private func interferenceLine(_ interference: X11Output.Interference, _ index: Int) -> String? {
        let window = windowName(index)
        switch interference {
        case .unmapped: return "another client unmapped \(window); it is mapped again"
        case .destroyed: return "another client destroyed \(window); it is made again"
        case .covered: return nil
        }
    }

    /// Display `index`'s window made anew after another client destroyed it (`.displayChanged`,
    /// drawn whole at once; nothing while its output is gone), or, when that fails, the display
    /// gone (`.displayGone`), no longer followed for its place on top.
    private func remake(_ index: Int) -> LoopInput? {
        do {
            return try followed[index].remake().map { .displayChanged(index, $0) }
        } catch {
            covered.remove(index)
            return .displayGone(index, "cannot make \(windowName(index)) again: \(error); the overlay is not seen there")
        }
    }

    /// Display `index`'s window as the lines name it (its display's number only where there are several).
    private func windowName(_ index: Int) -> String {
        "the overlay's window\(followed.count > 1 ? " on display \(index)" : "")"
    }

    /// The displays whose window is on top again after another client took it from there
    /// (`.windowOnTopAgain`), but for those whose window was just made anew (`fresh`); those still
    /// covered are raised again.
    private func backOnTop(except fresh: Set<Int>) -> [LoopInput] {
        covered.subtracting(fresh).sorted().compactMap { index in
            guard followed[index].output.isOnTop else {
                followed[index].output.raiseAgain()
                return nil
            }
            covered.remove(index)
            return .windowOnTopAgain(index)
        }
    }

    /// Each display's change after the screen changed: moved or back (its window made anew),
    /// or gone; then, with `--display all`, each output no display follows (plugged in, or
    /// turned on, since) added.
    private func followScreen() -> [LoopInput] {
        let changes: [LoopInput] = followed.indices.compactMap { index in
            do {
                switch try followed[index].follow() {
                case .moved(let display): return .displayChanged(index, display)
                case .gone: return .outputGone(index, outputName(index))
                case nil: return nil
                }
            } catch {
                Diagnostics.report("cannot follow the change of display \(index): \(error)")
                return nil
            }
        }
        return changes + addedOutputs()
    }

    /// With `--display all`, a display for each output that shows and is none of the displays'
    /// (by name: one gone comes back through its own display), its window made and drawn when the
    /// step draws it, each `.displayAdded` with its line; one whose window cannot be made is said
    /// (a few times a minute at most) and tried at the next change. Where a display covers the
    /// whole screen (no RandR to name its output) nothing is added.
    private func addedOutputs() -> [LoopInput] {
        guard showsOnEveryOutput, let watchedScreen, followed.allSatisfy({ $0.outputName != nil }) else { return [] }
        let followedNames = Set(followed.compactMap(\.outputName))
        return X11Screen.shownOutputs(on: watchedScreen).compactMap { name, bounds in
            guard !followedNames.contains(name) else { return nil }
            do {
                let display = try FollowedDisplay(placement: .overlay(display: followed.count), bounds: bounds, session: session,
                                                  rotation: rotation, glyphs: glyphs)
                followed.append(display)
                return .outputAdded(display.opened, outputName(followed.count - 1))
            } catch {
                addReports.report("cannot show on the output \(name) plugged in: \(error)")
                return nil
            }
        }
    }

    /// What the lines call display `index` (`LoopInput.displayName`).
    private func outputName(_ index: Int) -> String {
        let output = followed[index].outputName.map { "output \($0)" } ?? "screen"
        return LoopInput.displayName(index, showing: output, amongSeveral: followed.count > 1 || showsOnEveryOutput)
    }
}
