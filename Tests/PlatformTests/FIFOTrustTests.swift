import Foundation
import Testing
@testable import KioskPlatform

/// The FIFO rule: only the running user's FIFO, writable by nobody else, unless told otherwise.
@Suite struct FIFOTrustTests {
    /// What `FIFOReader` says about an existing FIFO of `mode` (owned by `owner` when given),
    /// or nil when it accepts it.
    private func refusal(mode: mode_t, owner: uid_t? = nil, trustsOthers: Bool = false) throws -> String? {
        let folder = try TemporaryFolder()
        let path = folder.path + "/k.fifo"
        try #require(mkfifo(path, 0o600) == 0 && chmod(path, mode) == 0)
        if let owner { try #require(chown(path, owner, gid_t.max) == 0, "chown: \(String(cString: strerror(errno)))") }
        do {
            _ = try FIFOReader(path: path, mode: 0o600, trustsOthers: trustsOthers, relocation: "", releases: .forTest())
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [0o600, 0o400, 0o640, 0o644] as [mode_t])
    func theUsersOwnFIFOThatNobodyElseMayWriteIsAccepted(mode: mode_t) throws {
        #expect(try refusal(mode: mode) == nil)
    }

    @Test(arguments: [(0o622, "other users may write to it (mode 0622)"), (0o666, "other users may write to it (mode 0666)"),
                      (0o620, "its group may write to it (mode 0620)")] as [(mode_t, String)])
    func aFIFOOthersMayWriteIsRefusedUnlessTrusted(mode: mode_t, reason: String) throws {
        let refused = try #require(try refusal(mode: mode))
        #expect(refused.contains(reason) && refused.contains("--fifo-trust-others"), "\(refused)")
        #expect(try refusal(mode: mode, trustsOthers: true) == nil)
    }

    @Test(.enabled(if: geteuid() == 0, "giving a FIFO to another user (chown) needs root"))
    func anotherUsersFIFOIsRefusedUnlessTrusted() throws {
        let refused = try #require(try refusal(mode: 0o600, owner: 65534))
        #expect(refused.contains("it belongs to user 65534") && refused.contains("--fifo-trust-others"), "\(refused)")
        #expect(try refusal(mode: 0o600, owner: 65534, trustsOthers: true) == nil)
    }
}
