import Foundation

/// A fresh folder under the system's temporary folder, removed with this object.
final class TemporaryFolder {
    /// The folder's path.
    let path: String

    /// Creates the folder.
    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/kiosk-spinner-platform-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
