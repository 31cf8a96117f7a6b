import Glibc
internal import CKioskSystem

/// An open file descriptor, after swift-system's `FileDescriptor`, that owns what it was given:
/// it is closed when the value goes away (a borrowed one, such as stdout, is left open). Every
/// call retries what a signal interrupted and throws the `Errno` of a failure; descriptors it
/// makes are close-on-exec.
package final class FileDescriptor: Sendable {
    /// The descriptor's number, for calls that take one (poll, a C library).
    package let rawValue: Int32
    private let isOwned: Bool

    /// Takes over `rawValue`: it is closed with this value.
    package init(taking rawValue: Int32) {
        self.rawValue = rawValue
        isOwned = true
    }

    /// Uses `rawValue` without owning it: it stays open when this value goes (stdin, stdout).
    package init(borrowing rawValue: Int32) {
        self.rawValue = rawValue
        isOwned = false
    }

    deinit {
        // Linux closes the descriptor even when close() is interrupted, so it is never retried.
        if isOwned { close(rawValue) }
    }

    /// Opens `path` (open, with O_CLOEXEC added to `flags`); `permissions` for a file it creates.
    package static func open(_ path: String, _ flags: Int32, permissions: Glibc.mode_t = 0) throws(Errno) -> FileDescriptor {
        FileDescriptor(taking: try systemCall { Glibc.open(path, flags | O_CLOEXEC, permissions) })
    }

    /// A new pipe's reading and writing ends (pipe2 with O_CLOEXEC, and O_NONBLOCK on both ends
    /// when `nonBlocking`).
    package static func pipe(nonBlocking: Bool = false) throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try systemCall { ks_pipe2(&ends, O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) }
        return (FileDescriptor(taking: ends[0]), FileDescriptor(taking: ends[1]))
    }

    /// A new Unix stream socket (socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC), non-blocking when
    /// asked).
    package static func unixStreamSocket(nonBlocking: Bool = false) throws(Errno) -> FileDescriptor {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return FileDescriptor(taking: try systemCall { socket(AF_UNIX, type, 0) })
    }

    /// Reads at most `buffer.count` bytes into `buffer` (read); returns how many, 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try systemCall { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads up to `buffer.count` bytes at `offset` without moving the file position (pread);
    /// returns how many were read, 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
        try systemCall { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes what the descriptor takes of `bytes` at once (write); returns how many it took.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try systemCall { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes all of `bytes`, going on after short writes (a blocking descriptor waits for room).
    package func writeAll(_ bytes: some Collection<UInt8>) throws(Errno) {
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            let written = all.withUnsafeBytes { buffer in
                Result { () throws(Errno) in try write(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
            }
            offset += try written.get()
        }
    }

    /// Sends what the socket takes of `bytes` at once (send with MSG_NOSIGNAL: a closed peer is
    /// EPIPE, not a signal); returns how many it took.
    package func send(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try systemCall { Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Receives at most `buffer.count` bytes from the socket (recv); returns how many, 0 when the
    /// peer closed its end.
    package func receive(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try systemCall { recv(rawValue, buffer.baseAddress, buffer.count, 0) }
    }

    /// What the descriptor is open on (fstat).
    package func status() throws(Errno) -> Glibc.stat {
        var info = Glibc.stat()
        try systemCall { fstat(rawValue, &info) }
        return info
    }

    /// Makes reads and writes return EAGAIN instead of waiting (`true`), or wait (`false`).
    package func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
        let flags = try systemCall { fcntl(rawValue, F_GETFL) }
        try systemCall { fcntl(rawValue, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    /// Waits until one of `events` (POLLIN, POLLOUT) holds, or until `milliseconds` pass (-1: no
    /// limit); returns the events that hold (POLLHUP and POLLERR too), none when the time ran out.
    package func poll(for events: Int16, milliseconds: Int32) throws(Errno) -> Int16 {
        var entry = pollfd(fd: rawValue, events: events, revents: 0)
        try systemCall { Glibc.poll(&entry, 1, milliseconds) }
        return entry.revents
    }
}
