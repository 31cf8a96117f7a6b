import Glibc
internal import CKioskFramebuffer
import KioskPlatform

/// Why a bare display device could not be used, as the framebuffer C said it: its kind, for
/// the exit status, and its one line.
struct FramebufferError: Error, CustomStringConvertible {
    /// What kind of failure it was.
    enum Kind {
        /// There is no such device.
        case noDevice
        /// The device may not be read and written by this user (the `video` group).
        case noPermission
        /// The device could not be opened or mapped for another reason.
        case cannotOpen
        /// Another DRM master (a display server) holds the device.
        case busy
        /// The device has no connected output, or not the one asked for.
        case noOutput
        /// The device cannot do what the overlay needs.
        case unsupported
        /// The device went away.
        case lost
        /// Out of memory.
        case noMemory
    }

    /// What kind of failure it was.
    var kind: Kind
    /// The line the C code wrote: the device, the call and the system's reason.
    var description: String

    /// Records a failure of `kind` said in `description`.
    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// Records `status` with the `message` the call wrote.
    init(_ status: kfb_status, message: [CChar]) {
        kind = switch status {
        case KFB_BUSY: .busy
        case KFB_NO_OUTPUT: .noOutput
        case KFB_UNSUPPORTED: .unsupported
        case KFB_LOST: .lost
        case KFB_NO_MEMORY: .noMemory
        default: .cannotOpen
        }
        description = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws unless `path` exists and this user may read and write it, so those two failures
    /// are named as such.
    static func checkAccess(_ path: String) throws(FramebufferError) {
        guard access(path, F_OK) == 0 else { throw FramebufferError(.noDevice, "\(path) does not exist") }
        guard access(path, R_OK | W_OK) == 0 else {
            throw FramebufferError(.noPermission, "\(path): this user (uid \(getuid())) may not read and write it")
        }
    }

    /// Runs a framebuffer call that writes its reason into a message buffer, throwing its failure.
    static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> kfb_status) throws(FramebufferError) {
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        guard status == KFB_OK else { throw FramebufferError(status, message: message) }
        if message[0] != 0 { Diagnostics.report(FramebufferError(status, message: message).description) }
    }
}
