import Glibc

/// The geometry of a UIActivityIndicatorView-style wheel: `count` rounded spokes around a centre,
/// the leading spoke at full strength and the ones behind it fading.
///
/// The spokes never move: spoke `k` points at `2π k / count` clockwise from straight up. What
/// turns is the brightness, as in UIActivityIndicatorView: a wheel turned by `turn` (in whole
/// turns) is led by the spoke at `turn × count`; the lead is at full strength, the spoke just
/// behind it at `nextStrength` (so the lead stands out), and the ones further behind fade
/// evenly to `trailingAlpha` over `fadeSpokes`. Between whole spokes (`--smooth`) the strengths
/// move continuously from one spoke to the next.
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
    /// The strength of the spoke just behind the lead: drawn over the HUD, at most about 80 %
    /// of the lead's brightness.
    public static let nextStrength = 0.65
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
        let lead = (turn - turn.rounded(.down)) * Double(count)
        return (0..<count).map { k in
            var behind = lead - Double(k)
            if behind < 0 { behind += Double(count) }
            return Spoke(angleRadians: 2 * Double.pi * Double(k) / Double(count), strength: strength(behind: behind))
        }
    }

    /// The strength of a spoke `behind` spokes behind the lead (fractional between steps).
    func strength(behind: Double) -> Double {
        func stepped(_ places: Int) -> Double {
            guard places > 0 else { return 1 }
            let fade = Self.nextStrength - Double(places - 1) * (Self.nextStrength - Self.trailingAlpha) / Double(max(1, fadeSpokes - 1))
            return places >= count ? 1 : max(Self.trailingAlpha, fade)
        }
        let whole = Int(behind.rounded(.down)), part = behind - behind.rounded(.down)
        return stepped(whole) * (1 - part) + stepped(whole + 1) * part
    }

    /// The centre line of a spoke relative to the wheel's centre (y down): inner end, outer end.
    public func centreLine(of spoke: Spoke) -> (inner: Point, outer: Point) {
        let dx = sin(spoke.angleRadians), dy = -cos(spoke.angleRadians)
        return (Point(x: dx * spokeInnerEnd, y: dy * spokeInnerEnd),
                Point(x: dx * spokeOuterEnd, y: dy * spokeOuterEnd))
    }
}
