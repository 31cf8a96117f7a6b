import KioskCore

extension LogoPicture {
    /// The picture resampled to `size`: each pixel the average of the source pixels it covers
    /// when made smaller (so fine lines stay, fainter, instead of breaking up), interpolated
    /// between the nearest four when made larger. Premultiplied channels are averaged, so a
    /// transparent pixel's colour never bleeds into its neighbours. Row by row: besides the
    /// result, it needs memory for one row of the source only.
    package func scaled(to size: Size) -> PixelBuffer {
        let result = PixelBuffer(width: size.width, height: size.height)
        let across = Self.taps(from: width, to: result.width), down = Self.taps(from: height, to: result.height)
        var mixedRow = [Float](repeating: 0, count: width * 4)
        pixels.withUnsafeBufferPointer { source in
            result.withPixels { target in
                for (y, rowTaps) in down.enumerated() {
                    for index in mixedRow.indices { mixedRow[index] = 0 }
                    for (sourceY, weight) in rowTaps {
                        let rowStart = sourceY * width
                        for x in 0..<width {
                            let word = source[rowStart + x]
                            for channel in 0..<4 {
                                mixedRow[x * 4 + channel] += weight * Float((word >> (8 * UInt32(channel))) & 0xFF)
                            }
                        }
                    }
                    let line = target.row(y)
                    for (x, columnTaps) in across.enumerated() {
                        var word: UInt32 = 0
                        for channel in 0..<4 {
                            var sum: Float = 0
                            for (sourceX, weight) in columnTaps { sum += weight * mixedRow[sourceX * 4 + channel] }
                            word |= UInt32(min(255, max(0, sum.rounded()))) << (8 * UInt32(channel))
                        }
                        line[x] = word
                    }
                }
            }
        }
        return result
    }

    /// For each of `count` target pixels along one side, the source pixels (of `sourceCount`)
    /// it is made of and their weights, which add up to 1.
    private static func taps(from sourceCount: Int, to count: Int) -> [[(index: Int, weight: Float)]] {
        let step = Double(sourceCount) / Double(count)
        return (0..<count).map { target in
            if step > 1 {
                // Smaller: the source span [start, end) this pixel covers, part pixels weighed by
                // how much of them it covers.
                let start = Double(target) * step, end = min(Double(sourceCount), start + step)
                return (Int(start)..<Int(end.rounded(.up))).map { index in
                    let covered = min(end, Double(index + 1)) - max(start, Double(index))
                    return (index, Float(covered / step))
                }.filter { $0.weight > 0 }
            }
            // Larger (or as large): between the two nearest source pixels' centres.
            let centre = min(max((Double(target) + 0.5) * step - 0.5, 0), Double(sourceCount - 1))
            let low = Int(centre), high = min(low + 1, sourceCount - 1), far = Float(centre - Double(low))
            return high == low || far == 0 ? [(low, Float(1))] : [(low, 1 - far), (high, far)]
        }
    }
}
