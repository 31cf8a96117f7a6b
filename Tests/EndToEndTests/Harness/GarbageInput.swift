/// A mebibyte of seeded random bytes for stdin: mostly short lines, with one run of bytes
/// without a newline far longer than the program's 4096-byte line limit in the middle.
struct GarbageInput {
    /// The bytes, every line ended by `\n`.
    var bytes: [UInt8]
    /// The number of the over-long line, counting from 1.
    var overlongLineNumber: Int
    /// How many lines the bytes hold.
    var lineCount: Int

    /// The program's line limit.
    static let lineLimitBytes = 4096
    /// The length of the over-long line.
    static let overlongLineBytes = 10_000

    /// Makes `totalBytes` of garbage from `seed`; about one byte in 64 is a newline.
    init(seed: UInt64, totalBytes: Int = 1 << 20) {
        var generator = SeededGenerator(seed: seed)
        func randomLines(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                UInt8.random(in: 0...63, using: &generator) == 0 ? UInt8(ascii: "\n") : UInt8.random(in: 0...255, using: &generator)
            }
        }
        let halfBytes = (totalBytes - Self.overlongLineBytes) / 2
        var bytes = randomLines(halfBytes)
        bytes.append(UInt8(ascii: "\n"))
        let linesBefore = bytes.count(where: { $0 == UInt8(ascii: "\n") })
        let overlong = (0..<Self.overlongLineBytes).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return byte == UInt8(ascii: "\n") ? UInt8(ascii: "x") : byte
        }
        bytes += overlong
        bytes.append(UInt8(ascii: "\n"))
        bytes += randomLines(totalBytes - bytes.count - 1)
        bytes.append(UInt8(ascii: "\n"))
        self.bytes = bytes
        overlongLineNumber = linesBefore + 1
        lineCount = bytes.count(where: { $0 == UInt8(ascii: "\n") })
    }
}
