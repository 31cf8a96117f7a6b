import Foundation

/// A connection of the test's own to an X server: reads screen pixels, asks which window has
/// the pointer or the keyboard focus, tries to grab the keyboard, makes a plain window that
/// stands for the kiosk application beneath the overlay and records the clicks and keys it gets,
/// and finds and resizes other clients' windows (a nested compositor's output).
///
/// Use one connection from one task at a time. It may outlive its server: a lost connection
/// makes its calls fail instead of ending the test process.
final class X11Connection {
    /// An X window id.
    typealias Window = UInt

    /// Why the connection could not be made.
    struct CannotConnect: Error, CustomStringConvertible {
        var display: String
        var description: String { "cannot open X display \(display)" }
    }

    /// The root window.
    let rootWindow: Window
    private let x: X11Library
    private let display: OpaquePointer

    // Xlib's values (X.h), named as there.
    private static let zPixmap: Int32 = 2
    private static let allPlanes = UInt.max
    private static let currentTime: UInt = 0
    private static let grabModeAsync: Int32 = 1
    private static let grabSuccess: Int32 = 0
    private static let revertToParent: Int32 = 2
    private static let keyPress: Int32 = 2
    private static let buttonPress: Int32 = 4
    private static let mapNotify: Int32 = 19
    private static let keyPressMask = 1 << 0
    private static let buttonPressMaskBits: UInt32 = 1 << 2
    private static let buttonPressMask = 1 << 2
    private static let structureNotifyMask = 1 << 17
    /// sizeof(XEvent): a union padded to 24 longs.
    private static let eventBytes = 24 * MemoryLayout<Int>.size

    /// Connects to `displayName`, like ":3".
    init(displayName: String) throws {
        let x = try X11Library.shared.get()
        self.x = x
        guard let display = displayName.withCString({ x.openDisplay($0) }) else {
            throw CannotConnect(display: displayName)
        }
        self.display = display
        // When the server goes away first, Xlib's default would end the whole test process.
        x.setIOErrorExitHandler?(display, { _, _ in }, nil)
        rootWindow = x.defaultRootWindow(display)
    }

    deinit {
        _ = x.closeDisplay(display)
    }

    /// The colour at `point`.
    func color(at point: ScreenPoint) -> ScreenColor? {
        colors(in: ScreenRect(x: point.x, y: point.y, width: 1, height: 1))?.first
    }

    /// The colours of the screen pixels in `rect`, row by row, as the X server holds them
    /// (XGetImage on the root window, which includes the windows on it); nil if they could not
    /// be read.
    func colors(in rect: ScreenRect) -> [ScreenColor]? {
        guard let image = x.getImage(display, rootWindow, Int32(rect.x), Int32(rect.y), UInt32(rect.width),
                                     UInt32(rect.height), Self.allPlanes, Self.zPixmap) else {
            return nil
        }
        defer { _ = x.destroyImage(image) }
        var colors: [ScreenColor] = []
        colors.reserveCapacity(rect.width * rect.height)
        for row in 0..<rect.height {
            for column in 0..<rect.width {
                // Xvfb's 24-bit TrueColor visual keeps red, green and blue in bits 23-16, 15-8, 7-0.
                let pixel = x.getPixel(image, Int32(column), Int32(row))
                colors.append(ScreenColor(red: Int(pixel >> 16 & 0xFF), green: Int(pixel >> 8 & 0xFF), blue: Int(pixel & 0xFF)))
            }
        }
        return colors
    }

    /// The top-level window the pointer is in, going by each window's input shape (XQueryPointer);
    /// the root window when it is in none.
    func windowUnderPointer() -> Window {
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0
        var mask: UInt32 = 0
        _ = x.queryPointer(display, rootWindow, &root, &child, &rootX, &rootY, &windowX, &windowY, &mask)
        return child == 0 ? rootWindow : child
    }

    /// The window with the keyboard focus (XGetInputFocus): 0 for none, 1 for PointerRoot.
    func focusedWindow() -> Window {
        var focus: Window = 0
        var revert: Int32 = 0
        _ = x.getInputFocus(display, &focus, &revert)
        return focus
    }

    /// Gives `window` the keyboard focus (XSetInputFocus).
    func focus(_ window: Window) {
        _ = x.setInputFocus(display, window, Self.revertToParent, Self.currentTime)
        _ = x.sync(display, 0)
    }

    /// True when another client holds the keyboard: this connection's XGrabKeyboard fails.
    /// A grab that succeeds is released at once.
    func keyboardIsGrabbedByAnotherClient() -> Bool {
        let status = x.grabKeyboard(display, rootWindow, 0, Self.grabModeAsync, Self.grabModeAsync, Self.currentTime)
        if status == Self.grabSuccess {
            _ = x.ungrabKeyboard(display, Self.currentTime)
            _ = x.sync(display, 0)
            return false
        }
        return true
    }

    /// True when another client holds the pointer: this connection's XGrabPointer fails. A grab
    /// that succeeds is released at once.
    func pointerIsGrabbedByAnotherClient() -> Bool {
        let status = x.grabPointer(display, rootWindow, 0, Self.buttonPressMaskBits, Self.grabModeAsync, Self.grabModeAsync,
                                   0, 0, Self.currentTime)
        if status == Self.grabSuccess {
            _ = x.ungrabPointer(display, Self.currentTime)
            _ = x.sync(display, 0)
            return false
        }
        return true
    }

    /// Grabs the keyboard and the pointer on the root window (XGrabKeyboard, XGrabPointer), as a
    /// menu or a window manager's drag does, and keeps them until `ungrabKeyboardAndPointer()`.
    /// Returns whether each succeeded; a part that succeeded is kept either way.
    func grabKeyboardAndPointer() -> (keyboard: Bool, pointer: Bool) {
        let keyboard = x.grabKeyboard(display, rootWindow, 0, Self.grabModeAsync, Self.grabModeAsync, Self.currentTime)
        let pointer = x.grabPointer(display, rootWindow, 0, Self.buttonPressMaskBits, Self.grabModeAsync, Self.grabModeAsync,
                                    0, 0, Self.currentTime)
        _ = x.sync(display, 0)
        return (keyboard == Self.grabSuccess, pointer == Self.grabSuccess)
    }

    /// Releases this connection's keyboard and pointer grabs (XUngrabPointer, XUngrabKeyboard)
    /// and returns once the server has done so (XSync). Harmless when it holds none.
    func ungrabKeyboardAndPointer() {
        _ = x.ungrabPointer(display, Self.currentTime)
        _ = x.ungrabKeyboard(display, Self.currentTime)
        _ = x.sync(display, 0)
    }

    /// True when some client owns the selection `name` (XGetSelectionOwner), like `WM_S0`, which
    /// a window manager takes once it manages screen 0.
    func selectionHasOwner(_ name: String) -> Bool {
        let atom = name.withCString { x.internAtom(display, $0, 0) }
        return atom != 0 && x.getSelectionOwner(display, atom) != 0
    }

    /// Makes and maps a plain black window at `frame` that records button presses and key
    /// presses, as the kiosk application under the overlay would; returns once it is mapped.
    func makeApplicationWindow(_ frame: ScreenRect) async throws -> Window {
        let window = x.createSimpleWindow(display, rootWindow, Int32(frame.x), Int32(frame.y),
                                          UInt32(frame.width), UInt32(frame.height), 0, 0, 0)
        _ = x.selectInput(display, window, Self.buttonPressMask | Self.keyPressMask | Self.structureNotifyMask)
        _ = x.mapWindow(display, window)
        try await Poll.until("the application window to be mapped") { takeEvents(Self.mapNotify, of: window) > 0 }
        return window
    }

    /// Makes and maps a window of one colour covering the whole screen (of `size`, the usual
    /// one unless given), a wallpaper standing for what the kiosk shows beneath the overlay;
    /// returns once it is mapped.
    func makeWallpaper(_ color: ScreenColor,
                       size: (width: Int, height: Int) = (VirtualScreen.widthPixels, VirtualScreen.heightPixels)) async throws -> Window {
        let window = x.createSimpleWindow(display, rootWindow, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0, color.pixel)
        _ = x.selectInput(display, window, Self.structureNotifyMask)
        _ = x.mapWindow(display, window)
        try await Poll.until("the wallpaper to be mapped") { takeEvents(Self.mapNotify, of: window) > 0 }
        return window
    }

    /// Repaints `window` all in `color` (XSetWindowBackground, XClearWindow) and returns once the
    /// server has done so (XSync).
    func paint(_ window: Window, _ color: ScreenColor) {
        _ = x.setWindowBackground(display, window, color.pixel)
        _ = x.clearWindow(display, window)
        _ = x.sync(display, 0)
    }

    /// Puts `window` (any client's) below every other window (XLowerWindow), as another client
    /// may do to the overlay's, and returns once the server has done so.
    func lower(_ window: Window) {
        _ = x.lowerWindow(display, window)
        _ = x.sync(display, 0)
    }

    /// Destroys `window` (any client's: X lets one client destroy another's windows), and
    /// returns once the server has done so.
    func destroy(_ window: Window) {
        _ = x.destroyWindow(display, window)
        _ = x.sync(display, 0)
    }

    /// The windows whose parent is the root, any client's, bottom first (XQueryTree).
    func topLevelWindows() -> [Window] {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard x.queryTree(display, rootWindow, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { _ = x.free(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// Resizes `window` (any client's) to `width` x `height` pixels (XResizeWindow), as a window
    /// manager or the user does, and returns once the server has done so.
    func resize(_ window: Window, width: Int, height: Int) {
        _ = x.resizeWindow(display, window, UInt32(width), UInt32(height))
        _ = x.sync(display, 0)
    }

    /// How many button presses reached `window` since the last call (it must come from
    /// `makeApplicationWindow`). Takes everything the server sent before the call (XSync).
    func takeButtonPresses(of window: Window) -> Int { takeEvents(Self.buttonPress, of: window) }

    /// How many key presses reached `window` since the last call, like `takeButtonPresses`.
    func takeKeyPresses(of window: Window) -> Int { takeEvents(Self.keyPress, of: window) }

    private func takeEvents(_ type: Int32, of window: Window) -> Int {
        _ = x.sync(display, 0)
        let event = UnsafeMutableRawPointer.allocate(byteCount: Self.eventBytes, alignment: MemoryLayout<Int>.alignment)
        defer { event.deallocate() }
        var count = 0
        while x.checkTypedWindowEvent(display, window, type, event) != 0 {
            count += 1
        }
        return count
    }
}
