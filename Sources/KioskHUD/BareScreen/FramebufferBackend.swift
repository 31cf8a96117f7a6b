import Glibc
internal import CKioskFramebuffer
import KioskCore
import KioskFonts
import KioskPlatform

/// The Linux framebuffer device /dev/fbN with no display server (`--backend fbdev`): its pixel
/// format read from the device (16 bpp RGB565, 24 and 32 bpp in the order of its bitfields),
/// only the changed rectangles written, and the console's text and cursor kept off the picture
/// (KD_GRAPHICS) until exit; while another virtual console is switched to, nothing is written
/// (`ConsoleSwitches`); a mode set under it (`fbset`) is taken within a second and the picture
/// laid out for it. One framebuffer is one display. The overlay reads no input devices, so
/// `block` holds nothing here.
final class FramebufferBackend: RegisteredBackend {
    static let choice = WindowingBackend.fbdev
    var displays: [OpenedDisplay] { [screen.opened] }
    let blockingInput = BareScreenConsole.blockingInput
    let stacking = BareScreenConsole.stacking
    var wake: @Sendable () -> Bool { console.wake }
    private let device: OpaquePointer
    private let path: String
    private var screen: BareScreenOutput
    private let console: BareScreenConsole
    private var isLost = false
    /// The screen was let go for the next program (`deactivate`): nothing drawn or taken back.
    private var isDeactivated = false
    /// How a picture made for a new mode is made (turned, its background) and what draws its text.
    private let look: BareScreenOutput.Look
    private let glyphs: FontChain
    /// When the mode was last looked at (`MonotonicClock`): as often as the console.
    private var lastModeLookNanoseconds = MonotonicClock.nanoseconds()

    /// The framebuffer: psplash's `-f N`, else /dev/fb0.
    private static func path(_ options: LaunchOptions) -> String { "/dev/fb\(options.deviceNumber ?? 0)" }

    /// Offered where the framebuffer exists.
    static func absence(for options: LaunchOptions) -> String? {
        if options.windowSize != nil { return "a plain window (--window) is asked for" }
        return access(path(options), F_OK) == 0 ? nil : "there is no \(path(options))"
    }

    /// Opens and maps the framebuffer and takes the console's picture.
    static func open(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit) throws(StartupError) -> FramebufferBackend {
        if !options.mirrorsOnAllDisplays, options.display > 0 { throw .noSuchDisplay(index: options.display, count: 1) }
        let path = path(options)
        let wakeUp = try BareScreenConsole.wakeUp(checkingAccessTo: path)
        var opened: OpaquePointer?
        var info = kfb_screen_info()
        do {
            try FramebufferError.check { kfb_fbdev_open(path, &opened, &info, $0, $1) }
        } catch {
            throw .framebuffer(error)
        }
        guard let device = opened else { throw .framebuffer(FramebufferError(.cannotOpen, "\(path): not opened")) }
        return FramebufferBackend(device: device, path: path, info: info, wakeUp: wakeUp, releases: exit.releases,
                                  look: BareScreenOutput.Look(options), glyphs: glyphs)
    }

    private init(device: OpaquePointer, path: String, info: kfb_screen_info, wakeUp: WakeUp, releases: ExitProcedure,
                 look: BareScreenOutput.Look, glyphs: FontChain) {
        self.device = device
        self.path = path
        self.look = look
        self.glyphs = glyphs
        screen = BareScreenOutput(info, look: look, glyphs: glyphs)
        console = BareScreenConsole(wakeUp: wakeUp, releases: releases)
    }

    /// Draws the frame into the picture; writes what changed unless another console is in front.
    func draw(_ frames: [Frame?]) {
        guard let frame = frames.first ?? nil, !isLost, !isDeactivated else { return }
        do {
            try screen.draw(frame) { shown, rects in
                if !console.isAway { present(shown, rects) }
            }
        } catch {
            Diagnostics.report("drawing failed: \(error)")
        }
    }

    private func present(_ shown: kp_frame, _ rects: [kp_rect]) {
        isLost = withUnsafePointer(to: shown) { kfb_fbdev_present(device, $0, rects, Int32(rects.count)) } == KFB_LOST
    }

    /// Waits for the wake-up; a framebuffer has nothing of its own to wait for but the console's
    /// switches, answered here and heard as `.screenAway`, and its resets, after which the whole
    /// picture is written again. Its mode is looked at as often as the console: a new one is
    /// `.displayChanged` with a picture of its size. A device found gone at the last present is
    /// `.displayLost`.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        guard !isLost else { return [lost] }
        let woken = !console.wait(until: deadline).isEmpty
        // A reset of the console and a new mode are the next program's once the screen was let go.
        guard !isDeactivated else { return [] }
        func comeBack() { screen.presentWhole(present) }
        var heard = console.takeBackAfterReset(leave: {}, comeBack: comeBack, redraw: comeBack)
        if woken { heard += console.switches?.handle(leave: {}, comeBack: comeBack) ?? [] }
        heard += followMode()
        return isLost ? [lost] : heard
    }

    /// Draws no more and takes nothing back (a console reset, a new mode): the picture stays in
    /// the framebuffer, the console in graphics mode, for the next program to draw over; the
    /// console's switches are no longer held up for the overlay.
    func deactivate() {
        isDeactivated = true
        kfb_console_unfollow_switches()
    }

    /// Leaves the picture in the framebuffer and the console in graphics mode at exit, so its
    /// text is not drawn over the picture.
    func leaveScreen() {
        kfb_leave_screens()
    }

    /// The framebuffer's new mode, once a second at most and only while the overlay's console is
    /// in front (another console's mode is its own): a picture of its size, laid out and drawn
    /// whole by the next frame (`.displayChanged`); a mode the overlay cannot draw is the display
    /// lost.
    private func followMode() -> [LoopInput] {
        let now = MonotonicClock.nanoseconds()
        guard !console.isAway, now >= lastModeLookNanoseconds + BareScreenConsole.lookNanoseconds else { return [] }
        lastModeLookNanoseconds = now
        var changed: Int32 = 0
        var info = kfb_screen_info()
        do throws(FramebufferError) {
            try FramebufferError.check { kfb_fbdev_follow(device, &changed, &info, $0, $1) }
        } catch {
            guard error.kind != .lost else {
                isLost = true
                return []
            }
            return [.displayLost("the framebuffer \(path) changed to a mode the overlay cannot draw (\(error)); exiting")]
        }
        guard changed != 0 else { return [] }
        screen = BareScreenOutput(info, look: look, glyphs: glyphs)
        return [.displayChanged(0, screen.opened)]
    }

    /// The loss of the device, for the loop's step.
    private var lost: LoopInput { .displayLost("the framebuffer \(path) went away; exiting") }
}
