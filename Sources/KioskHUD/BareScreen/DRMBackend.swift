import Glibc
internal import CKioskFramebuffer
import KioskCore
import KioskFonts
import KioskPlatform

/// A bare DRM/KMS device with no display server (`--backend drm`): dumb buffers in plain memory,
/// no GPU, no Mesa, no SDL. Each connected connector at its preferred mode (or the kernel's
/// `video=` mode for it) is a display
/// (`--display N|all` counts them), its frames flipped at most once a vblank (or marked dirty
/// where the driver wants that); the loop waits on the device's descriptor for flips and for its
/// loss, and on the kernel's device events for its outputs' hot-plug: a display unplugged is
/// gone, one plugged back or given another mode is shown again at its new size, and with
/// `--display all` a connector plugged in that was not connected before is added. While another
/// virtual console is switched to, the overlay is not master and shows nothing
/// (`ConsoleSwitches`). The overlay reads no input devices, so `block` holds nothing here.
final class DRMBackend: RegisteredBackend {
    static let choice = WindowingBackend.drm
    var displays: [OpenedDisplay] { screens.map(\.opened) }
    let blockingInput = BareScreenConsole.blockingInput
    let stacking = BareScreenConsole.stacking
    var wake: @Sendable () -> Bool { console.wake }
    private let device: OpaquePointer
    private let path: String
    /// Each display's picture, and the device's index of its screen (a connected connector).
    private var screens: [BareScreenOutput]
    private var deviceScreens: [Int32]
    /// Whether connectors plugged in later are shown on too (`--display all`).
    private let showsOnEveryOutput: Bool
    private let console: BareScreenConsole
    /// The kernel's device events, for the outputs' hot-plug (kfb_uevent_open); -1 where they
    /// cannot be read (said at start).
    private let hotplug: Int32
    /// How a display made anew is made (turned, its background) and what draws its text.
    private let look: BareScreenOutput.Look
    private let glyphs: FontChain
    /// What the wait watches beside the wake-up: the device, then its hot-plug events if read.
    private let waitedOn: [Int32]
    /// A hot-plug heard while another console was in front: the outputs are probed on return.
    private var mustFollowOutputs = false
    /// A present found the device gone (a flip pending when it was unplugged never completes,
    /// so nothing else would tell).
    private var isLost = false
    /// The screen was let go for the next program (`deactivate`): master dropped, nothing drawn,
    /// nothing taken back.
    private var isDeactivated = false

    /// Offered where a DRM card exists (psplash's `-d N` names one).
    static func absence(for options: LaunchOptions) -> String? {
        if options.windowSize != nil { return "a plain window (--window) is asked for" }
        let paths = cardPaths(options)
        guard paths.allSatisfy({ access($0, F_OK) != 0 }) else { return nil }
        return paths.count == 1 ? "there is no \(paths[0])" : "there is no /dev/dri/card*"
    }

    /// The cards to try: the one psplash's `-d N` names, else card0 to card9.
    private static func cardPaths(_ options: LaunchOptions) -> [String] {
        (options.deviceNumber.map { [$0] } ?? Array(0...9)).map { "/dev/dri/card\($0)" }
    }

    /// Opens the first card that has a connected output, becomes its master and starts the
    /// screens `--display` asks for. A card another master holds is not passed over: the
    /// overlay would draw where nobody sees it.
    static func open(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit) throws(StartupError) -> DRMBackend {
        var firstFailure: FramebufferError?
        for path in cardPaths(options) where access(path, F_OK) == 0 {
            do {
                return try open(path, options: options, glyphs: glyphs, releases: exit.releases)
            } catch .framebuffer(let failure) where failure.kind == .noOutput {
                firstFailure = firstFailure ?? failure
            }
        }
        throw .framebuffer(firstFailure ?? FramebufferError(.noDevice, "no DRM device in /dev/dri"))
    }

    /// Opens the card at `path` and starts its screens.
    private static func open(_ path: String, options: LaunchOptions, glyphs: FontChain,
                             releases: ExitProcedure) throws(StartupError) -> DRMBackend {
        let wakeUp = try BareScreenConsole.wakeUp(checkingAccessTo: path)
        var opened: OpaquePointer?
        do {
            try FramebufferError.check { kfb_drm_open(path, &opened, $0, $1) }
        } catch {
            throw .framebuffer(error)
        }
        guard let device = opened else { throw .framebuffer(FramebufferError(.cannotOpen, "\(path): not opened")) }
        let count = Int(kfb_drm_screen_count(device))
        if !options.mirrorsOnAllDisplays, options.display >= count {
            kfb_drm_close(device)
            throw count == 0 ? .framebuffer(FramebufferError(.noOutput, "\(path): no connected output"))
                : .noSuchDisplay(index: options.display, count: count)
        }
        var screens: [BareScreenOutput] = []
        let deviceScreens = (options.mirrorsOnAllDisplays ? Array(0..<count) : [options.display]).map { Int32($0) }
        for index in deviceScreens {
            var info = kfb_screen_info()
            do {
                try FramebufferError.check { kfb_drm_start_screen(device, index, &info, $0, $1) }
            } catch {
                kfb_drm_close(device)
                throw .framebuffer(error)
            }
            screens.append(BareScreenOutput(info, look: BareScreenOutput.Look(options), glyphs: glyphs))
        }
        return DRMBackend(device: device, path: path, screens: screens, deviceScreens: deviceScreens,
                          showsOnEveryOutput: options.mirrorsOnAllDisplays, wakeUp: wakeUp, releases: releases,
                          look: BareScreenOutput.Look(options), glyphs: glyphs)
    }

    private init(device: OpaquePointer, path: String, screens: [BareScreenOutput], deviceScreens: [Int32], showsOnEveryOutput: Bool,
                 wakeUp: WakeUp, releases: ExitProcedure, look: BareScreenOutput.Look, glyphs: FontChain) {
        self.device = device
        self.path = path
        self.screens = screens
        self.deviceScreens = deviceScreens
        self.showsOnEveryOutput = showsOnEveryOutput
        self.look = look
        self.glyphs = glyphs
        console = BareScreenConsole(wakeUp: wakeUp, releases: releases)
        hotplug = kfb_uevent_open()
        waitedOn = [kfb_drm_fd(device)] + (hotplug >= 0 ? [hotplug] : [])
        if hotplug < 0 {
            Diagnostics.report("cannot read the kernel's device events (\(Errno.current)): an output unplugged, plugged "
                               + "back or given another mode on \(path) is not followed")
        } else {
            let hotplug = hotplug
            releases.closeAtExit { close(hotplug) }
        }
    }

    /// Draws each frame into its picture; shows what changed unless another console is in front.
    func draw(_ frames: [Frame?]) {
        for (index, (screen, frame)) in zip(screens, frames).enumerated() where !isLost && !isDeactivated {
            guard let frame else { continue }
            do {
                try screen.draw(frame) { shown, rects in
                    if !console.isAway { present(on: index, shown, rects) }
                }
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }

    private func present(on index: Int, _ shown: kp_frame, _ rects: [kp_rect]) {
        if withUnsafePointer(to: shown, { kfb_drm_present(device, deviceScreens[index], $0, rects, Int32(rects.count)) }) == KFB_LOST {
            isLost = true
        }
    }

    /// Master again and every screen's whole picture shown, once the console is switched back.
    private func showAgain() {
        do {
            try FramebufferError.check { kfb_drm_resume(device, $0, $1) }
        } catch {
            Diagnostics.report(error.description)
            isLost = isLost || error.kind == .lost
            return
        }
        presentWhole()
    }

    /// Each display's change after the kernel said an output was plugged, unplugged or changed:
    /// gone (`.displayGone`), or back or at another mode, with a picture of its new size
    /// (`.displayChanged`, drawn whole by the next frame); then, with `--display all`, each
    /// connector plugged in that was not connected before, started (`.displayAdded`).
    private func followOutputs() -> [LoopInput] {
        mustFollowOutputs = false
        let changes: [LoopInput] = screens.indices.compactMap { index in
            var change = KFB_DRM_SAME
            var info = kfb_screen_info()
            do throws(FramebufferError) {
                try FramebufferError.check { kfb_drm_follow_screen(device, deviceScreens[index], &change, &info, $0, $1) }
            } catch {
                Diagnostics.report(error.description)
                isLost = isLost || error.kind == .lost
                return nil
            }
            switch change {
            case KFB_DRM_GONE:
                return .outputGone(index, describe(index))
            case KFB_DRM_CHANGED:
                screens[index] = BareScreenOutput(info, look: look, glyphs: glyphs)
                return .displayChanged(index, screens[index].opened)
            default:
                return nil
            }
        }
        return changes + (showsOnEveryOutput ? addedOutputs() : [])
    }

    /// A display for each connector plugged in that was not connected before, started black on
    /// a CRTC of its own (`.displayAdded`, drawn whole by the next frame); one that cannot be
    /// started is said, and looked at again at the next event.
    private func addedOutputs() -> [LoopInput] {
        var added: [LoopInput] = []
        while !isLost {
            var screen: Int32 = -1
            var info = kfb_screen_info()
            do throws(FramebufferError) {
                try FramebufferError.check { kfb_drm_add_screen(device, &screen, &info, $0, $1) }
            } catch {
                Diagnostics.report("cannot show on an output plugged in: \(error)")
                isLost = error.kind == .lost
                break
            }
            guard screen >= 0 else { break }
            screens.append(BareScreenOutput(info, look: look, glyphs: glyphs))
            deviceScreens.append(screen)
            added.append(.outputAdded(screens[screens.count - 1].opened, describe(screens.count - 1)))
        }
        return added
    }

    /// What the lines call display `index` (`LoopInput.displayName`).
    private func describe(_ index: Int) -> String {
        let output = "output " + String(cString: kfb_drm_connector_name(device, deviceScreens[index]))
        return LoopInput.displayName(index, showing: output, amongSeveral: screens.count > 1 || showsOnEveryOutput)
    }

    /// Shows every screen's whole picture.
    private func presentWhole() {
        for (index, screen) in screens.enumerated() {
            screen.presentWhole { present(on: index, $0, $1) }
        }
    }

    /// Waits on the wake-up, the device and its hot-plug events: a completed flip shows what
    /// waited for it; the console switched away or back is `.screenAway`, and one reset under the
    /// overlay is taken back and shown whole; an output unplugged, plugged back or given another
    /// mode is `.displayGone` or `.displayChanged` (followed once the console is back where
    /// another is in front); an error on the device, or the device gone (found so here or at the
    /// last present), is `.displayLost`.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        guard !isLost else { return [lost] }
        guard !isDeactivated else { return waitDeactivated(until: deadline) }
        let watched = console.wait(until: deadline, alsoOn: waitedOn)
        var heard = console.takeBackAfterReset(leave: { kfb_drm_suspend(device) }, comeBack: showAgain, redraw: presentWhole)
        if isLost { return [lost] }
        if watched.isEmpty { return heard + followOutputsWhenInFront() }
        if watched[0].revents != 0 {
            heard += console.switches?.handle(leave: { kfb_drm_suspend(device) }, comeBack: showAgain) ?? []
            if isLost { return [lost] }
        }
        if watched[1].revents != 0 {
            let gone = watched[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
            if gone || kfb_drm_dispatch(device) == KFB_LOST {
                isLost = true
                return [lost]
            }
        }
        if watched.count > 2, watched[2].revents != 0, kfb_uevent_says_hotplug(hotplug, kfb_drm_node(device)) == 1 {
            mustFollowOutputs = true
        }
        heard += followOutputsWhenInFront()
        return isLost ? [lost] : heard
    }

    /// Waits as `waitForEvents` does once the screen was let go (the console's switches are no
    /// longer followed): the device's events and the kernel's hot-plug messages are read and
    /// dropped; only the device's loss is heard.
    private func waitDeactivated(until deadline: UInt64?) -> [LoopInput] {
        let watched = console.wait(until: deadline, alsoOn: waitedOn)
        guard !watched.isEmpty else { return [] }
        if watched[1].revents != 0,
           watched[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 || kfb_drm_dispatch(device) == KFB_LOST {
            isLost = true
            return [lost]
        }
        if watched.count > 2, watched[2].revents != 0 { _ = kfb_uevent_says_hotplug(hotplug, kfb_drm_node(device)) }
        return []
    }

    /// Drops master and draws no more, the last picture staying on the CRTCs (they scan the
    /// overlay's buffers until the next master sets its own): the flips still pending complete
    /// first (at most a tenth of a second), so the picture left is the last one drawn; the
    /// console's switches are no longer held up for the overlay.
    func deactivate() {
        isDeactivated = true
        kfb_drm_finish_flips(device, 100)
        kfb_drm_suspend(device)
        kfb_console_unfollow_switches()
    }

    /// Leaves the screens to the next master once it has put its own picture on one (waiting up
    /// to `WindowingBackend.handOverWaitSeconds`, then half a second for the others it lights):
    /// the overlay's buffers go with it, and a CRTC still scanning one as it exits is switched off
    /// by the kernel. When none came, one line says so and the console is given back as at any
    /// exit.
    func leaveScreen() {
        let seconds = WindowingBackend.handOverWaitSeconds
        if kfb_drm_wait_for_next_master(device, Int32(seconds * 1000)) == 1 {
            kfb_leave_screens()
        } else {
            // The exit takes master back (kfb_restore_all) to give the console its CRTCs.
            Diagnostics.report("quit --retain: no other program put its picture on \(path) within \(seconds) s "
                               + "(the kernel takes the overlay's away as it exits); giving the screen back to the console")
        }
    }

    /// The outputs followed after a hot-plug, once the overlay is master again if another
    /// console is in front (a mode set needs it).
    private func followOutputsWhenInFront() -> [LoopInput] {
        mustFollowOutputs && !console.isAway ? followOutputs() : []
    }

    /// The loss of the device, for the loop's step.
    private var lost: LoopInput { .displayLost("the DRM device \(path) went away; exiting") }
}
