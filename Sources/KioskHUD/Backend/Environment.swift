import Glibc

/// The process's environment and files, read with libc alone.
enum Environment {
    /// The value of environment variable `name`, or nil when unset.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The absolute path of the running program (/proc/self/exe), or nil.
    static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `path` names a file this process may read.
    static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
