import Glibc
import KioskCore

/// A folder only the effective user may enter (mkdtemp, mode 0700), made beside a path, for making
/// a file where nobody else can rename, replace or link anything: what is done to an entry of the
/// folder through its descriptor (`descriptor`, the *at calls) is done to that file, even if the
/// folder itself is renamed meanwhile. Removed, with the entries named through it, when it goes
/// (or at exit, if the program ends first).
final class PrivateFolder {
    /// The folder's path when it was made: `FOLDER/.ks.XXXXXX` beside the target.
    let path: String
    /// The open folder (O_DIRECTORY | O_NOFOLLOW), checked to be the one made.
    let descriptor: FileDescriptor
    private let identity: FileIdentity
    private let releases: ExitProcedure
    private var entries: [String] = []

    /// Makes a private folder in the folder of `target`, removed at the finish of `releases` if
    /// it is still there; throws what failed.
    init(beside target: String, releases: ExitProcedure) throws(Errno) {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        // A short name, so an entry's path fits a socket's address nearly wherever the target's does.
        var template = Array("\(folder).ks.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw .current }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let opened: FileDescriptor
        do throws(Errno) {
            opened = try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            let info = try opened.status()
            // Someone who may write to the folder around it could have put another folder at
            // this name between mkdtemp and open (EEXIST: the name was taken): it must be the
            // effective user's, and closed to everyone else.
            guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else { throw Errno.exists }
            identity = FileIdentity(info)
        } catch {
            rmdir(path)
            throw error
        }
        descriptor = opened
        self.releases = releases
        releases.removeAtExit(path, ifStill: identity)
    }

    deinit {
        for entry in entries {
            unlinkat(descriptor.rawValue, entry, 0)
            releases.keepAtExit(path + "/" + entry)
        }
        if FileIdentity(atPath: path) == identity { rmdir(path) }
        releases.keepAtExit(path)
    }

    /// The path of `entry` in the folder, for a call that takes only a path (bind); an entry made
    /// through it is removed with the folder.
    func path(of entry: String) -> String {
        let full = path + "/" + entry
        if !entries.contains(entry) {
            entries.append(entry)
            // Nobody else can put anything in the folder: whatever is at the name is this program's.
            releases.removeAtExit(full)
        }
        return full
    }

    /// A path that names `entry` in this folder whoever renames the folder, for a call that takes
    /// only a path (bind): through the open descriptor (`/proc/self/fd/N/ENTRY`, short enough for
    /// any socket address), or, without /proc, the folder's path. An entry made through it is
    /// removed with the folder.
    func bindingPath(of entry: String) -> String {
        _ = path(of: entry)
        let direct = "/proc/self/fd/\(descriptor.rawValue)"
        return access(direct, F_OK) == 0 ? direct + "/" + entry : path + "/" + entry
    }

    /// What `entry` is (fstatat without following a symbolic link).
    func status(of entry: String) throws(Errno) -> stat {
        var info = stat()
        try systemCall { fstatat(descriptor.rawValue, entry, &info, AT_SYMLINK_NOFOLLOW) }
        return info
    }

    /// Gives `entry` to `group` (fchownat without following a symbolic link); its owner stays.
    func setGroup(of entry: String, to group: gid_t) throws(Errno) {
        try systemCall { fchownat(descriptor.rawValue, entry, uid_t.max, group, AT_SYMLINK_NOFOLLOW) }
    }

    /// Sets the mode of `entry` (fchmodat: only this user can put anything in the folder, so the
    /// entry is what this program made there).
    func setMode(of entry: String, to mode: mode_t) throws(Errno) {
        try systemCall { fchmodat(descriptor.rawValue, entry, mode, 0) }
    }

    /// Links `entry` to `target` (linkat), failing with EEXIST when anything is at `target`: a
    /// file made here appears there whole, and never replaces anything.
    func link(_ entry: String, to target: String) throws(Errno) {
        try systemCall { linkat(descriptor.rawValue, entry, AT_FDCWD, target, 0) }
    }
}
