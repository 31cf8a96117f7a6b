internal import CKioskSystem
import Glibc
import KioskCore

/// The process's environment and files, read with libc alone.
public enum Environment {
    /// Opens /dev/null on any of stdin, stdout and stderr that the parent left closed. Otherwise
    /// the next file opened takes that number, and the X connection opened as descriptor 1 would
    /// receive the events meant for stdout. Call first thing.
    public static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// The value of environment variable `name`, or nil when unset.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The absolute path of the running program, links resolved, or nil: /proc/self/exe, or where
    /// /proc is not mounted the path exec was given (the auxiliary vector's AT_EXECFN), resolved.
    package static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 { return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        guard let execPath = ks_exec_path(),
              let resolved = realpath(execPath, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `path` names a file this process may read.
    package static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
