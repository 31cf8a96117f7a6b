import Glibc
internal import CKioskWayland
import KioskCore
import KioskPlatform

/// The connection to the Wayland compositor with the globals the overlay needs, and the wait
/// for its events (kw_connect, kw_wait). Only the loop's thread uses it, except for `wake`.
final class WaylandConnection {
    /// The connection (a kw_connection), for the layer surfaces made on it.
    let pointer: OpaquePointer

    /// Connects to the compositor named by WAYLAND_DISPLAY and checks that it offers
    /// wl_compositor, wl_shm and zwlr_layer_shell_v1.
    init() throws(WaylandError) {
        guard let connection = kw_connect() else {
            throw .noCompositor(display: Environment.value("WAYLAND_DISPLAY") ?? "wayland-0")
        }
        if let missing = kw_missing_global(connection) {
            let name = String(cString: missing)
            kw_disconnect(connection)
            throw .missingGlobal(name)
        }
        pointer = connection
    }

    deinit {
        kw_disconnect(pointer)
    }

    /// How many outputs the compositor announced.
    var outputCount: Int { Int(kw_output_count(pointer)) }

    /// The name the compositor gives output `index` ("HDMI-A-1", "HEADLESS-2"); empty when none.
    func name(ofOutput index: Int) -> String {
        kw_output_name(pointer, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Whether the compositor took output `index` away (unplugged, turned off).
    func isRemoved(output index: Int) -> Bool { kw_output_removed(pointer, Int32(index)) == 1 }

    /// Whether the compositor has told all about output `index` (wl_output.done: its mode,
    /// scale and name, which for a new output come a roundtrip after it is announced).
    func isReady(output index: Int) -> Bool { kw_output_ready(pointer, Int32(index)) == 1 }

    /// What output `index` tells of itself: its current mode's pixels (wl_output.mode), the
    /// size of its picture it reports (wl_output.geometry; nil when it reports none) and its
    /// integer scale (wl_output.scale).
    func profile(ofOutput index: Int) -> DisplayProfile {
        var pixelsWide: Int32 = 0, pixelsHigh: Int32 = 0, millimetresWide: Int32 = 0, millimetresHigh: Int32 = 0
        kw_output_size(pointer, Int32(index), &pixelsWide, &pixelsHigh, &millimetresWide, &millimetresHigh)
        let reported = millimetresWide > 0 && millimetresHigh > 0
            ? Size(width: Int(millimetresWide), height: Int(millimetresHigh)) : nil
        return DisplayProfile(pixels: Size(width: Int(pixelsWide), height: Int(pixelsHigh)), reportedMillimetres: reported,
                              platformScale: Int(kw_output_scale(pointer, Int32(index))))
    }

    /// Wakes `wait` from any thread (writes to an eventfd).
    var wake: @Sendable () -> Bool {
        let descriptor = kw_wake_descriptor(pointer)
        return { kw_wake(descriptor) == 1 }
    }

    /// The protocol error the compositor raised, when it ended the connection for one; nil
    /// when the connection simply broke.
    var protocolError: String? {
        var text = [CChar](repeating: 0, count: 256)
        guard kw_protocol_error(pointer, &text, Int32(text.count)) == 1 else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sends what is queued and waits until `deadline` (`MonotonicClock` nanoseconds; nil: for
    /// ever), a wake-up or the compositor's events, and dispatches those. Returns false when the
    /// connection is lost.
    func wait(until deadline: UInt64?) -> Bool {
        let timeout = deadline.map { MonotonicClock.milliseconds(until: $0) } ?? -1
        return kw_wait(pointer, timeout) == 0
    }

    /// Drops the inputs no surface took (`LayerSurface.takeInputs`), after every surface looked.
    func forgetInputs() {
        kw_forget_inputs(pointer)
    }
}
