import Foundation

/// A picture of a screen: a Wayland output from grim's binary PPM (P6, 8 bits a channel), or an
/// X screen's colours.
struct OutputPicture {
    /// A file that is not a binary PPM of 8-bit channels.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    private let rgb: [UInt8]

    /// Holds `colors`, row by row, of a `width` x `height` picture.
    init(width: Int, height: Int, colors: [ScreenColor]) {
        self.width = width
        self.height = height
        rgb = colors.flatMap { [UInt8($0.red), UInt8($0.green), UInt8($0.blue)] }
    }

    /// Reads a binary PPM: "P6", width, height and 255, separated by white space, then the pixels.
    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func field() -> Int? {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            return text == "P6" ? 6 : Int(text)
        }
        guard field() == 6, let width = field(), let height = field(), field() == 255,
              bytes.count - (index + 1) == width * height * 3 else {
            throw Unreadable(description: "not a binary PPM of 8-bit channels (\(bytes.count) bytes)")
        }
        self.width = width
        self.height = height
        rgb = Array(bytes[(index + 1)...])
    }

    /// The colour at `point`.
    func color(at point: ScreenPoint) -> ScreenColor {
        let offset = (point.y * width + point.x) * 3
        return ScreenColor(red: Int(rgb[offset]), green: Int(rgb[offset + 1]), blue: Int(rgb[offset + 2]))
    }

    /// The smallest rectangle holding every pixel at or below `top` that differs from
    /// `background` by more than `tolerance` in a channel; nil when none does.
    func box(differingFrom background: ScreenColor, below top: Int = 0, tolerance: Int = 8) -> ScreenRect? {
        box(below: top) { _, color in !color.isClose(to: background, tolerance: tolerance) }
    }

    /// The smallest rectangle holding every pixel that differs from the same pixel of `earlier`
    /// (a picture of the same size) by more than `tolerance` in a channel; nil when none does.
    func box(differingFrom earlier: OutputPicture, tolerance: Int = 8) -> ScreenRect? {
        box(below: 0) { point, color in !color.isClose(to: earlier.color(at: point), tolerance: tolerance) }
    }

    /// The smallest rectangle holding every pixel at or below `top` that `differs`; nil when none does.
    private func box(below top: Int, where differs: (ScreenPoint, ScreenColor) -> Bool) -> ScreenRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in top..<height {
            for x in 0..<width {
                let point = ScreenPoint(x: x, y: y)
                guard differs(point, color(at: point)) else { continue }
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return ScreenRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
