import Foundation

/// The few Xlib functions the tests call to look at the screen as the X server sees it, found at
/// run time with `dlopen("libX11.so.6")`. The test target needs no X11 headers or link flags,
/// and no tool beyond those scripts/setup --tests installs (libX11 comes with SDL's X11 support).
///
/// `Window`, `Time` and `XID` are C `unsigned long`, `UInt` here; a `Display *` and an
/// `XImage *` stay opaque.
struct X11Library: @unchecked Sendable {
    typealias ErrorHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    typealias IOErrorHandler = @convention(c) (OpaquePointer?) -> Int32
    typealias IOErrorExitHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    let initThreads: @convention(c) () -> Int32
    let setErrorHandler: @convention(c) (ErrorHandler?) -> ErrorHandler?
    let setIOErrorHandler: @convention(c) (IOErrorHandler?) -> IOErrorHandler?
    /// XSetIOErrorExitHandler, from libX11 1.7 on; nil before.
    let setIOErrorExitHandler: (@convention(c) (OpaquePointer, IOErrorExitHandler?, UnsafeMutableRawPointer?) -> Void)?
    let openDisplay: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let closeDisplay: @convention(c) (OpaquePointer) -> Int32
    let defaultRootWindow: @convention(c) (OpaquePointer) -> UInt
    let sync: @convention(c) (OpaquePointer, Int32) -> Int32
    let getImage: @convention(c) (OpaquePointer, UInt, Int32, Int32, UInt32, UInt32, UInt, Int32) -> OpaquePointer?
    let getPixel: @convention(c) (OpaquePointer, Int32, Int32) -> UInt
    let destroyImage: @convention(c) (OpaquePointer) -> Int32
    let queryPointer: @convention(c) (OpaquePointer, UInt, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>,
                                      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                      UnsafeMutablePointer<UInt32>) -> Int32
    let getInputFocus: @convention(c) (OpaquePointer, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>) -> Int32
    let setInputFocus: @convention(c) (OpaquePointer, UInt, Int32, UInt) -> Int32
    let grabKeyboard: @convention(c) (OpaquePointer, UInt, Int32, Int32, Int32, UInt) -> Int32
    let ungrabKeyboard: @convention(c) (OpaquePointer, UInt) -> Int32
    let grabPointer: @convention(c) (OpaquePointer, UInt, Int32, UInt32, Int32, Int32, UInt, UInt, UInt) -> Int32
    let ungrabPointer: @convention(c) (OpaquePointer, UInt) -> Int32
    let internAtom: @convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32) -> UInt
    let getSelectionOwner: @convention(c) (OpaquePointer, UInt) -> UInt
    let createSimpleWindow: @convention(c) (OpaquePointer, UInt, Int32, Int32, UInt32, UInt32, UInt32, UInt, UInt) -> UInt
    let selectInput: @convention(c) (OpaquePointer, UInt, Int) -> Int32
    let mapWindow: @convention(c) (OpaquePointer, UInt) -> Int32
    let checkTypedWindowEvent: @convention(c) (OpaquePointer, UInt, Int32, UnsafeMutableRawPointer) -> Int32
    let setWindowBackground: @convention(c) (OpaquePointer, UInt, UInt) -> Int32
    let clearWindow: @convention(c) (OpaquePointer, UInt) -> Int32
    let lowerWindow: @convention(c) (OpaquePointer, UInt) -> Int32
    let destroyWindow: @convention(c) (OpaquePointer, UInt) -> Int32
    let resizeWindow: @convention(c) (OpaquePointer, UInt, UInt32, UInt32) -> Int32
    let queryTree: @convention(c) (OpaquePointer, UInt, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>,
                                   UnsafeMutablePointer<UnsafeMutablePointer<UInt>?>, UnsafeMutablePointer<UInt32>) -> Int32
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// Why Xlib could not be used.
    enum LoadError: Error, CustomStringConvertible {
        /// dlopen failed.
        case noLibrary(String)
        /// The library lacks a function.
        case noFunction(String)

        var description: String {
            switch self {
            case .noLibrary(let reason): return "cannot load libX11.so.6 (install libx11-6): \(reason)"
            case .noFunction(let name): return "libX11.so.6 has no \(name)"
            }
        }
    }

    /// The library, loaded once for the whole test run. Loading makes Xlib thread-safe and
    /// replaces its default error handlers, which print and exit the test process on a failed
    /// request or a lost connection, with silent ones (every caller checks its results;
    /// `X11Connection` also sets a per-connection exit handler that does not exit).
    static let shared: Result<X11Library, LoadError> = {
        do throws(LoadError) {
            return .success(try X11Library())
        } catch {
            return .failure(error)
        }
    }()

    private init() throws(LoadError) {
        guard let handle = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else {
            throw .noLibrary(dlerror().map { String(cString: $0) } ?? "unknown reason")
        }
        func function<Function>(_ name: String) throws(LoadError) -> Function {
            guard let address = dlsym(handle, name) else { throw .noFunction(name) }
            return unsafeBitCast(address, to: Function.self)
        }
        initThreads = try function("XInitThreads")
        setErrorHandler = try function("XSetErrorHandler")
        setIOErrorHandler = try function("XSetIOErrorHandler")
        setIOErrorExitHandler = try? function("XSetIOErrorExitHandler")
        openDisplay = try function("XOpenDisplay")
        closeDisplay = try function("XCloseDisplay")
        defaultRootWindow = try function("XDefaultRootWindow")
        sync = try function("XSync")
        getImage = try function("XGetImage")
        getPixel = try function("XGetPixel")
        destroyImage = try function("XDestroyImage")
        queryPointer = try function("XQueryPointer")
        getInputFocus = try function("XGetInputFocus")
        setInputFocus = try function("XSetInputFocus")
        grabKeyboard = try function("XGrabKeyboard")
        ungrabKeyboard = try function("XUngrabKeyboard")
        grabPointer = try function("XGrabPointer")
        ungrabPointer = try function("XUngrabPointer")
        internAtom = try function("XInternAtom")
        getSelectionOwner = try function("XGetSelectionOwner")
        createSimpleWindow = try function("XCreateSimpleWindow")
        selectInput = try function("XSelectInput")
        mapWindow = try function("XMapWindow")
        checkTypedWindowEvent = try function("XCheckTypedWindowEvent")
        setWindowBackground = try function("XSetWindowBackground")
        clearWindow = try function("XClearWindow")
        lowerWindow = try function("XLowerWindow")
        destroyWindow = try function("XDestroyWindow")
        resizeWindow = try function("XResizeWindow")
        queryTree = try function("XQueryTree")
        free = try function("XFree")
        _ = initThreads()
        _ = setErrorHandler { _, _ in 0 }
        _ = setIOErrorHandler { _ in 0 }
    }
}
