import KioskCore
import KioskRaster

extension PixelBuffer {
    /// How many pixels of this picture, laid out upright, differ from where `rotation` puts them
    /// on `display`, compared through `mask` (by default every bit).
    func mismatches(turnedBy rotation: Rotation, on display: PixelBuffer, comparing mask: UInt32 = .max) -> Int {
        let logical = size
        var count = 0
        withPixels { source in
            display.withPixels { target in
                for y in 0..<logical.height {
                    for x in 0..<logical.width {
                        let point = rotation.displayPoint(x: x, y: y, logical: logical)
                        if source.row(y)[x] & mask != target.row(point.y)[point.x] & mask { count += 1 }
                    }
                }
            }
        }
        return count
    }
}
