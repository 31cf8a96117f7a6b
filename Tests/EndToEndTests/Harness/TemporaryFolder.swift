import Foundation

/// A fresh folder under the system's temporary folder for one test, removed with everything in
/// it when the value goes away.
final class TemporaryFolder {
    /// Why the folder could not be made.
    struct CannotCreate: Error, CustomStringConvertible {
        var errorNumber: Int32
        var description: String { "mkdtemp failed: \(String(cString: strerror(errorNumber)))" }
    }

    /// The folder's absolute path.
    let path: String

    /// Creates the folder (mkdtemp, mode 0700).
    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/kiosk-spinner-e2e-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw CannotCreate(errorNumber: errno) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { path + "/" + name }
}
