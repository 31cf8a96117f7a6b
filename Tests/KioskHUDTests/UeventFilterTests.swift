import Glibc
import Testing
internal import CKioskFramebuffer

/// The socket filter on the kernel's device events (`kfb_uevent_keep_only_changes`), run by the
/// kernel on a datagram socket pair as it runs on the netlink socket: only a message whose
/// header begins "change@" reaches the overlay.
@Suite struct UeventFilterTests {
    /// The messages that reach a filtered socket when each of `messages` is sent to it, in order.
    private static func passing(_ messages: [String]) throws -> [String] {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        try #require(kfb_uevent_keep_only_changes(ends[1]) == 0, "the filter is attached: errno \(errno)")
        for message in messages {
            let sent = Array(message.utf8)
            #expect(send(ends[0], sent, sent.count, 0) == sent.count)
        }
        var received: [String] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while case let count = recv(ends[1], &buffer, buffer.count, 0), count >= 0 {
            received.append(String(decoding: buffer.prefix(count), as: UTF8.self))
        }
        return received
    }

    @Test func onlyChangesPass() throws {
        let change = "change@/devices/pci0000:00/0000:00:03.0/virtio0/drm/card0"
        let others = ["add@/devices/virtual/net/lo", "remove@/devices/usb1", "bind@/devices/usb1/1-1", "chang", "",
                      "changed@/devices/x", "CHANGE@/devices/x", "xchange@/devices/x"]
        #expect(try Self.passing(others + [change] + others + [change]) == [change, change])
    }
}
