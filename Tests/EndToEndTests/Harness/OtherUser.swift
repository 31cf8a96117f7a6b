import Foundation

/// A second user for tests that need someone else's files (a FIFO planted by another user) or
/// someone else's access (a socket given to a group), and the groups such tests use:
/// `kiosk-spinner-test`, a system user without a home. `scripts/setup --tests` makes it and the groups
/// before any test runs; on a machine set up without them, the first test that needs one makes
/// it, under one lock that every test process on the machine takes (`accountLockPath`), so two
/// tests never run useradd or groupadd at the same moment (two did, both succeeded, and the user
/// ended with another id than one of them had read: issue 16). Needs root, as the tests here and
/// in CI run; `isAvailable` says whether the tests can use it.
enum OtherUser {
    /// The user's name.
    static let name = "kiosk-spinner-test"

    /// Why the user cannot be had.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// True when this process may create the user and act as it (it runs as root).
    static var isAvailable: Bool { geteuid() == 0 }

    /// The lock every test process takes (flock) before making an account: in /run/lock, a
    /// folder only root may write to, where there is one.
    static let accountLockPath = (access("/run/lock", W_OK) == 0 ? "/run/lock" : "/tmp") + "/kiosk-spinner-test-accounts.lock"

    /// Runs `body` holding the account lock (flock LOCK_EX on `accountLockPath`): one test of any
    /// process on the machine at a time. A lock on an open file, so one held across `await` is
    /// still held, and two tasks of one process exclude each other too (each opens the file).
    /// The waiting is done by a thread of its own: a test task blocked in flock would hold one of
    /// the few threads the tasks share (two on a two-core machine), and two such waiters left
    /// the lock's holder no thread to finish on.
    private static func holdingAccountLock<Result>(_ body: () async throws -> Result) async throws -> Result {
        let descriptor = open(accountLockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Unavailable(description: "open \(accountLockPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let failure: Int32 = await withCheckedContinuation { continuation in
            let waiter = Thread {
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else { return continuation.resume(returning: errno) }
                }
                continuation.resume(returning: 0)
            }
            waiter.name = "EndToEndTests account lock"
            waiter.start()
        }
        guard failure == 0 else { throw Unavailable(description: "flock \(accountLockPath): \(String(cString: strerror(failure)))") }
        return try await body()
    }

    /// The user's ids, creating the user (useradd --system) if it does not exist yet.
    static func ids() async throws -> (user: uid_t, group: gid_t) {
        if let found = lookUp() { return found }
        return try await holdingAccountLock {
            // Another test may have made it while this one waited for the lock.
            if let found = lookUp() { return found }
            let made = try await ChildProcess.run("useradd", ["--system", "--no-create-home", "--user-group",
                                                              "--shell", "/usr/sbin/nologin", name],
                                                  environment: ProcessInfo.processInfo.environment)
            guard made.ending == .exited(0), let found = lookUp() else {
                throw Unavailable(description: "useradd \(name) \(made.ending): \(made.errors)")
            }
            return found
        }
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
        return try await holdingAccountLock {
            if let found = groupID(name) { return found }
            let made = try await ChildProcess.run("groupadd", ["--system", name], environment: ProcessInfo.processInfo.environment)
            guard made.ending == .exited(0), let found = groupID(name) else {
                throw Unavailable(description: "groupadd \(name) \(made.ending): \(made.errors)")
            }
            return found
        }
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
