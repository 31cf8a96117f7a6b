import Foundation
import Testing
@testable import KioskPlatform

extension OneAtATime {
    /// The control socket's listening end: its mode and group set without a path anyone else could
    /// change, nothing left beside it, and its identity for the exit.
    @Suite(.timeLimit(.minutes(1))) struct ListeningSocketTests {
        /// The process's umask, read without changing it (other tests make files meanwhile).
        private static func umaskNow() throws -> mode_t {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
            return try #require(mode_t(line.split(separator: "\t").last ?? "", radix: 8))
        }

        /// What `path` is (lstat).
        private static func status(_ path: String) throws -> stat {
            var info = stat()
            try #require(lstat(path, &info) == 0, "\(path): \(Errno.current)")
            return info
        }

        /// Why the design sets the group through a private folder and not on the socket: on Linux a
        /// Unix socket's file takes the mode of the socket's descriptor (less the umask), but not its
        /// group, which comes from the process (or a set-group-ID folder).
        @Test(.enabled(if: geteuid() == 0, "giving a descriptor to another group needs root"))
        func aSocketsFileTakesTheModeSetOnItsDescriptorButNotTheGroup() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/s"
            let socket = try FileDescriptor.unixStreamSocket()
            let otherGroup: gid_t = getegid() == 65534 ? 65533 : 65534
            try #require(fchmod(socket.rawValue, 0o660) == 0 && fchown(socket.rawValue, uid_t.max, otherGroup) == 0)
            try UnixSocketAddress.bind(socket, to: path)
            let info = try Self.status(path)
            #expect(info.st_mode & 0o777 == 0o660 & ~(try Self.umaskNow()), "the descriptor's mode, less the umask")
            #expect(info.st_gid == getegid(), "the process's group, not the descriptor's \(otherGroup)")
        }

        @Test func theSocketIsTheUsersAloneAndNothingIsLeftBesideIt() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/control.sock"
            let listener = try ListeningSocket(path: path, group: nil, releases: .forTest())
            let info = try Self.status(path)
            #expect(info.st_mode & S_IFMT == S_IFSOCK && info.st_mode & 0o7777 == 0o600 && info.st_uid == geteuid())
            #expect(FileIdentity(info) == listener.identity)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["control.sock"], "the private folder is gone")
            _ = try UnixSocketAddress.connectedSocket(to: path)
        }

        @Test(.enabled(if: geteuid() == 0, "giving the socket to a group the user is not in needs root"))
        func aGroupGetsTheSocketWithModeSixSixZero() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/control.sock"
            let group: gid_t = getegid() == 65534 ? 65533 : 65534
            _ = try ListeningSocket(path: path, group: "\(group)", releases: .forTest())
            let info = try Self.status(path)
            #expect(info.st_mode & 0o7777 == 0o660 && info.st_gid == group && info.st_uid == geteuid(), "mode \(String(info.st_mode, radix: 8)) group \(info.st_gid)")
        }

        @Test func aPathAsLongAsASocketTakesIsListenedOn() throws {
            let folder = try TemporaryFolder()
            let name = String(repeating: "s", count: UnixSocketAddress.maximumPathBytes - folder.path.utf8.count - 1)
            let path = folder.path + "/" + name
            try #require(path.utf8.count == UnixSocketAddress.maximumPathBytes)
            let listener = try ListeningSocket(path: path, group: nil, releases: .forTest())
            _ = try UnixSocketAddress.connectedSocket(to: path)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
            withExtendedLifetime(listener) {}
        }

        @Test func aSymbolicLinkAtThePathIsRefusedAndItsTargetUntouched() throws {
            let folder = try TemporaryFolder()
            let target = folder.path + "/target"
            try #require(FileManager.default.createFile(atPath: target, contents: Data("keep\n".utf8), attributes: [.posixPermissions: 0o640]))
            let path = folder.path + "/control.sock"
            try #require(symlink(target, path) == 0)
            #expect(throws: ListeningSocket.Refusal.self) { try ListeningSocket(path: path, group: "\(getegid())", releases: .forTest()) }
            let info = try Self.status(target)
            #expect(info.st_mode & 0o7777 == 0o640 && info.st_mode & S_IFMT == S_IFREG)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["target", "control.sock"])
        }

        @Test func atTheFinishOnlyTheSocketBoundIsRemoved() throws {
            let folder = try TemporaryFolder()
            let path = folder.path + "/control.sock"
            let firstsFinish = ExitProcedure.forTest()
            let first = try ListeningSocket(path: path, group: nil, releases: firstsFinish)
            // Someone removes the first overlay's socket and a second overlay listens at the path.
            try #require(unlink(path) == 0)
            let secondsFinish = ExitProcedure.forTest()
            let second = try ListeningSocket(path: path, group: nil, releases: secondsFinish)
            _ = firstsFinish.run(Int32(0), within: 1, reporting: nil)
            #expect(FileIdentity(atPath: path) == second.identity, "the second overlay's socket stays")
            _ = try UnixSocketAddress.connectedSocket(to: path)

            _ = secondsFinish.run(Int32(0), within: 1, reporting: nil)
            #expect(FileIdentity(atPath: path) == nil, "its own is removed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "no private folder is left either")
            withExtendedLifetime(first) {}
        }
    }
}

/// The system-call wrapper: EINTR retried, the error number read at the failure.
@Suite struct SystemCallTests {
    @Test func anInterruptedCallIsRetriedUntilItIsNot() throws {
        var calls = 0
        let result = try systemCall { () -> Int32 in
            calls += 1
            guard calls > 3 else {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(result == 42 && calls == 4)
    }

    @Test func aFailureCarriesTheErrorNumberOfTheCallAndItsText() {
        #expect(throws: Errno.noSuchFile) { try systemCall { open("/nonexistent/kiosk-spinner", O_RDONLY) } }
        do {
            _ = try FileDescriptor.open("/nonexistent/kiosk-spinner", O_RDONLY)
        } catch {
            #expect(error.description == "No such file or directory")
        }
    }
}
