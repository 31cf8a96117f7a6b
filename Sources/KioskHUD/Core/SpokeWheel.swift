import Glibc

/// The geometry of a UIActivityIndicatorView-style wheel: `count` rounded spokes around a centre,
/// the leading spoke at full strength and the ones behind it fading.
///
/// Spoke `k` of a wheel turned by `turn` (in whole turns) points at angle
/// `2π (k / count + turn)` measured clockwise from straight up. Spoke 0 leads; the spoke `d`
/// places behind it has strength `max(trailingAlpha, 1 - d (1 - trailingAlpha) / fadeSpokes)`.
/// A stepped wheel turns by whole spokes, so its spokes stay in place and only their strengths move.
public struct SpokeWheel: Sendable, Equatable, Hashable {
    /// One spoke: a capsule from `inner` to `outer` along `angleRadians`.
    public struct Spoke: Sendable, Equatable {
        /// Clockwise from straight up.
        public var angleRadians: Double
        /// 0...1, multiplied into the wheel colour's alpha.
        public var strength: Double
    }

    /// How many spokes.
    public var count: Int
    /// The wheel's outer radius (the tips of the spokes, caps included).
    public var radius: Double
    /// The spokes' colour at full strength.
    public var color: Color

    /// The strength of the faintest spokes.
    public static let trailingAlpha = 0.25
    /// A spoke's half width as a fraction of the radius.
    public static let halfWidthFraction = 0.085
    /// Where a spoke starts, as a fraction of the radius.
    public static let innerFraction = 0.5

    /// Creates a wheel of `count` spokes reaching `radius` pixels from its centre.
    public init(count: Int, radius: Double, color: Color) {
        self.count = max(1, count)
        self.radius = radius
        self.color = color
    }

    /// Half the width of a spoke.
    public var spokeHalfWidth: Double { radius * Self.halfWidthFraction }
    /// Distance from the centre to the inner end of a spoke's centre line.
    public var spokeInnerEnd: Double { radius * Self.innerFraction + spokeHalfWidth }
    /// Distance from the centre to the outer end of a spoke's centre line.
    public var spokeOuterEnd: Double { radius - spokeHalfWidth }
    /// How many spokes behind the leader it takes to fade to `trailingAlpha`.
    public var fadeSpokes: Int { max(1, (count * 2 + 2) / 3) }

    /// The spokes of the wheel turned by `turn` whole turns (only the fractional part matters).
    public func spokes(turn: Double) -> [Spoke] {
        (0..<count).map { k in
            let behind = (count - k) % count
            let fade = 1 - Double(behind) * (1 - Self.trailingAlpha) / Double(fadeSpokes)
            let angle = 2 * Double.pi * (Double(k) / Double(count) + turn)
            return Spoke(angleRadians: angle.truncatingRemainder(dividingBy: 2 * Double.pi),
                         strength: max(Self.trailingAlpha, fade))
        }
    }

    /// The centre line of a spoke relative to the wheel's centre (y down): inner end, outer end.
    public func centreLine(of spoke: Spoke) -> (inner: Point, outer: Point) {
        let dx = sin(spoke.angleRadians), dy = -cos(spoke.angleRadians)
        return (Point(x: dx * spokeInnerEnd, y: dy * spokeInnerEnd),
                Point(x: dx * spokeOuterEnd, y: dy * spokeOuterEnd))
    }
}
