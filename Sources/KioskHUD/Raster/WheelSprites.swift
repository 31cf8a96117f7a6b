import KioskCore

/// Pre-rendered poses of one wheel on its background, so a frame of animation is one copy of a
/// small square. Poses are rendered on first use and kept up to a memory budget; a new wheel,
/// size or background starts a new set.
package struct WheelSprites {
    private struct Key: Equatable {
        var wheel: SpokeWheel
        var width: Int
        var height: Int
        var poseCount: Int
        var background: PremultipliedPixel
    }

    /// The most bytes of poses kept at once.
    /// Creates an empty cache.
    package init() {}

    package static let budgetBytes = 8 << 20

    private var key: Key?
    private var poses: [Int: PixelBuffer] = [:]

    /// The square for `pose` on a uniform `background`, rendered now if not kept.
    package mutating func sprite(for pose: Frame.WheelPose, background: PremultipliedPixel) -> PixelBuffer {
        let wanted = Key(wheel: pose.wheel, width: pose.box.width, height: pose.box.height,
                         poseCount: pose.poseCount, background: background)
        if wanted != key {
            key = wanted
            poses.removeAll()
        }
        if let kept = poses[pose.poseIndex] { return kept }
        let sprite = PixelBuffer(width: pose.box.width, height: pose.box.height)
        sprite.withPixels { rows in
            rows.fill(rows.bounds, with: background)
            rows.drawWheel(pose.wheel, turn: pose.turn, in: rows.bounds)
        }
        let spriteBytes = max(1, pose.box.width * pose.box.height * 4)
        if (poses.count + 1) * spriteBytes > Self.budgetBytes { poses.removeAll() }
        poses[pose.poseIndex] = sprite
        return sprite
    }
}
