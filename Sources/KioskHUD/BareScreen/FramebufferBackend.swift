import Glibc
internal import CKioskFramebuffer
import KioskCore
import KioskFonts
import KioskPlatform

/// The Linux framebuffer device /dev/fbN with no display server (`--backend fbdev`): its pixel
/// format read from the device (16 bpp RGB565, 24 and 32 bpp in the order of its bitfields),
/// only the changed rectangles written, and the console's text and cursor kept off the picture
/// (KD_GRAPHICS) until exit; while another virtual console is switched to, nothing is written
/// (`ConsoleSwitches`). One framebuffer is one display. The overlay reads no input devices, so
/// `block` holds nothing here.
final class FramebufferBackend: RegisteredBackend {
    static let choice = WindowingBackend.fbdev
    let displays: [OpenedDisplay]
    let blockingInput = BareScreenConsole.blockingInput
    let stacking = BareScreenConsole.stacking
    var wake: @Sendable () -> Bool { console.wake }
    private let device: OpaquePointer
    private let path: String
    private let screen: BareScreenOutput
    private let console: BareScreenConsole
    private var isLost = false

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
        return FramebufferBackend(device: device, path: path, screen: BareScreenOutput(info, rotation: options.rotation, glyphs: glyphs),
                                  wakeUp: wakeUp, releases: exit.releases)
    }

    private init(device: OpaquePointer, path: String, screen: BareScreenOutput, wakeUp: WakeUp, releases: ExitProcedure) {
        self.device = device
        self.path = path
        self.screen = screen
        displays = [screen.opened]
        console = BareScreenConsole(wakeUp: wakeUp, releases: releases)
    }

    /// Draws the frame into the picture; writes what changed unless another console is in front.
    func draw(_ frames: [Frame?]) {
        guard let frame = frames.first ?? nil, !isLost else { return }
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
    /// picture is written again. A device found gone at the last present is `.displayLost`.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        guard !isLost else { return [lost] }
        let woken = !console.wait(until: deadline).isEmpty
        func comeBack() { screen.presentWhole(present) }
        var heard = console.takeBackAfterReset(leave: {}, comeBack: comeBack, redraw: comeBack)
        if woken { heard += console.switches?.handle(leave: {}, comeBack: comeBack) ?? [] }
        return isLost ? [lost] : heard
    }

    /// The loss of the device, for the loop's step.
    private var lost: LoopInput { .displayLost("the framebuffer \(path) went away; exiting") }
}
