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
    }

    /// The most bytes of poses kept at once.
    package static let budgetBytes = 8 << 20

    private var key: Key?
    private var background: PixelBuffer?
    private var poses: [Int: PixelBuffer] = [:]

    /// Creates an empty cache.
    package init() {}

    /// The square for `pose` drawn over `background` (a picture as large as the pose's box:
    /// what is in the box without the wheel), rendered now if not kept.
    package mutating func sprite(for pose: Frame.WheelPose, background: PixelBuffer) -> PixelBuffer {
        let wanted = Key(wheel: pose.wheel, width: pose.box.width, height: pose.box.height, poseCount: pose.poseCount)
        if wanted != key || !(self.background?.hasSamePixels(as: background) ?? false) {
            key = wanted
            poses.removeAll()
        }
        self.background = background
        if let kept = poses[pose.poseIndex] { return kept }
        let sprite = PixelBuffer(width: pose.box.width, height: pose.box.height)
        sprite.withPixels { rows in
            background.withPixels { rows.place($0, at: (0, 0)) }
            rows.drawWheel(pose.wheel, turn: pose.turn, in: rows.bounds)
        }
        let spriteBytes = max(1, pose.box.width * pose.box.height * 4)
        if (poses.count + 1) * spriteBytes > Self.budgetBytes { poses.removeAll() }
        poses[pose.poseIndex] = sprite
        return sprite
    }
}
