import Foundation

/// A second user for tests that need someone else's files (a FIFO planted by another user) or
/// someone else's access (a socket given to a group), and the groups such tests make:
/// `kiosk-spinner-test`, a system user without a home, created on first use when missing. Needs
/// root, as the tests here and in CI run; `isAvailable` says whether the tests can use it.
enum OtherUser {
    /// The user's name.
    static let name = "kiosk-spinner-test"

    /// Why the user cannot be had.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// True when this process may create the user and act as it (it runs as root).
    static var isAvailable: Bool { geteuid() == 0 }

    /// The user's ids, creating the user (useradd --system) if it does not exist yet.
    static func ids() async throws -> (user: uid_t, group: gid_t) {
        if let found = lookUp() { return found }
        let made = try await ChildProcess.run("useradd", ["--system", "--no-create-home", "--user-group",
                                                          "--shell", "/usr/sbin/nologin", name],
                                              environment: ProcessInfo.processInfo.environment)
        // Another test may have created it at the same moment: look again either way.
        guard let found = lookUp() else {
            throw Unavailable(description: "useradd \(name) \(made.ending): \(made.errors)")
        }
        return found
    }

    /// Runs `arguments` as the user (setpriv) with no supplementary group but
    /// `supplementaryGroup`, and returns what it did.
    static func run(_ arguments: [String], supplementaryGroup: gid_t? = nil) async throws -> ChildProcess.Finished {
        let (user, group) = try await ids()
        let groups = supplementaryGroup.map { "--groups=\($0)" } ?? "--clear-groups"
        return try await ChildProcess.run("setpriv", ["--reuid=\(user)", "--regid=\(group)", groups, "--"] + arguments,
                                          environment: ProcessInfo.processInfo.environment)
    }

    /// The id of the system group `name`, creating it (groupadd --system) if it does not exist yet.
    static func makeGroup(named name: String) async throws -> gid_t {
        if let found = groupID(name) { return found }
        let made = try await ChildProcess.run("groupadd", ["--system", name], environment: ProcessInfo.processInfo.environment)
        // Another test may have created it at the same moment: look again either way.
        guard let found = groupID(name) else { throw Unavailable(description: "groupadd \(name) \(made.ending): \(made.errors)") }
        return found
    }

    /// The group's id from the group database (getgrnam_r).
    private static func groupID(_ name: String) -> gid_t? {
        var entry = Glibc.group()
        var found: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 65536)
        guard getgrnam_r(name, &entry, &buffer, buffer.count, &found) == 0, found != nil else { return nil }
        return entry.gr_gid
    }

    /// The user's ids from the password database (getpwnam_r: other threads may look users up too).
    private static func lookUp() -> (user: uid_t, group: gid_t)? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwnam_r(name, &entry, &buffer, buffer.count, &found) == 0, found != nil else { return nil }
        return (entry.pw_uid, entry.pw_gid)
    }
}
