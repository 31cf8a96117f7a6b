/// A complete description of one picture of the overlay, for the backend to turn into pixels.
/// Equal frames give equal pixels.
public struct Frame: Sendable, Equatable {
    /// The still part: backdrop, HUD and message. Nil when the HUD is hidden (nothing drawn).
    public var panel: Panel?
    /// What stands in the wheel's place at this instant; nil when hidden.
    public var indicator: Indicator?
    /// Where the overlay takes pointer input.
    public var input: ScreenRegion
    /// Where the overlay is visible.
    public var visible: ScreenRegion
    /// While the HUD changes size, the rectangle it (with its shadow) keeps within from where it
    /// started to where it goes; nil otherwise. A window that should not follow every step (on
    /// Xwayland, where each move is a new window) covers this for the whole change.
    public var resizeReach: PixelRect? = nil

    /// The part of a frame that changes only on commands.
    public struct Panel: Sendable, Equatable {
        /// What covers the screen outside the HUD; nil leaves it untouched.
        public var backdrop: Color?
        /// The HUD's rectangle.
        public var hud: PixelRect
        /// The HUD's corner radius.
        public var cornerRadiusPixels: Int
        /// The HUD's fill.
        public var hudColor: Color
        /// The hairline just inside the HUD's rim; nil with a chosen fill.
        public var edge: Edge?
        /// The soft shadow under the HUD (the light theme's); nil: none.
        public var shadow: Shadow?
        /// What becomes of the screen beneath where the overlay reads it and draws it itself
        /// (X without a compositor); where nothing is read, nothing.
        public var frost: Frost
        /// The message and the details line, each fitted to its area (absent when empty).
        public var labels: [Label]
        /// How opaque the whole overlay is (0...1), while fading in or out.
        public var opacity: Double
        /// The device maker's picture above the HUD; nil: none (or no room for it).
        public var logo: Logo? = nil
        /// The Cancel's band at the bottom of the HUD (its label is the last of `labels`); nil:
        /// none.
        public var cancel: CancelButton? = nil
    }

    /// `--cancel`'s target: a band across the bottom of the HUD, under a hairline, at least
    /// `minimumMillimetres` tall and wide at the display's density, lit while pressed.
    public struct CancelButton: Sendable, Equatable {
        /// The band, all of which takes the press.
        public var area: PixelRect
        /// The hairline that parts it from the rest of the HUD.
        public var divider: PixelRect
        /// The hairline's colour.
        public var dividerColor: Color
        /// The light over the band while a press is held on it; nil when not pressed.
        public var light: Light?

        /// A rounded rectangle of colour just inside the band, its corners following the HUD's.
        public struct Light: Sendable, Equatable {
            public var rect: PixelRect
            public var cornerRadiusPixels: Int
            public var color: Color
        }

        /// The least a target for a finger may be on each side: 9 mm (ISO 9241-411's minimum
        /// for a touch target, above WCAG 2.5.8's 24 CSS px).
        public static let minimumMillimetres = 9.0
    }

    /// A picture drawn scaled into a rectangle (the logo).
    public struct Logo: Sendable, Equatable {
        /// The picture.
        public var picture: LogoPicture
        /// Where it is drawn, as large as it is drawn.
        public var rect: PixelRect
    }

    /// The screen read beneath the overlay, frosted: blurred under the HUD (whose fill is then
    /// lighter, as iOS's material is), and while blocking blurred and drained of colour
    /// everywhere, so a frozen picture of the application cannot pass for live data.
    public struct Frost: Sendable, Equatable {
        /// How far the picture is blurred: about 1.5 mm at the display's density.
        public var blurPixels: Int
        /// The HUD's fill over the blurred picture beneath it; nil when the fill was chosen (it
        /// is then drawn as chosen, over the picture as it is).
        public var hudFill: Color?
        /// How far the whole picture is blurred and drained of colour (0...1): the default
        /// backdrop's strength while blocking; 0 with a chosen backdrop.
        public var freeze: Double

        /// Blurred by 1.5 mm: what is beneath can be seen to be there, not read.
        public static let blurMillimetres = 1.5
        /// The theme's fill over a blurred picture: 85 % opaque.
        public static let frostedFillAlpha: UInt8 = 0xD9
    }

    /// A soft shadow under the HUD: its colour at its darkest, along the HUD's rim moved down
    /// by `dropPixels`, fading to nothing over `blurPixels`, drawn only outside the HUD.
    public struct Shadow: Sendable, Equatable {
        /// The colour where the shadow is darkest.
        public var color: Color
        /// How far it fades out.
        public var blurPixels: Int
        /// How far below the HUD it is cast.
        public var dropPixels: Int

        /// The rectangle the shadow of `hud` can reach.
        public func reach(of hud: PixelRect) -> PixelRect {
            PixelRect(x: hud.x - blurPixels, y: hud.y - blurPixels + dropPixels,
                      width: hud.width + 2 * blurPixels, height: hud.height + 2 * blurPixels)
        }
    }

    /// A hairline along the inside of the HUD's rounded rim.
    public struct Edge: Sendable, Equatable {
        /// Its colour, drawn over the fill.
        public var color: Color
        /// How wide it is: one pixel at scale 1.
        public var widthPixels: Int
    }

    /// What the HUD shows in the wheel's place.
    public enum Indicator: Sendable, Equatable {
        /// The turning wheel.
        case wheel(WheelPose)
        /// A determinate ring or bar.
        case progress(ProgressGauge)
        /// A check mark, cross or "i".
        case outcome(OutcomeMark)

        /// The square it is drawn in.
        public var box: PixelRect {
            switch self {
            case .wheel(let pose): return pose.box
            case .progress(let gauge): return gauge.box
            case .outcome(let mark): return mark.box
            }
        }
    }

    /// A determinate progress ring or bar.
    public struct ProgressGauge: Sendable, Equatable {
        /// Where it is drawn: the ring's square or the bar, and under it the percentage's line
        /// when there is one.
        public var box: PixelRect
        /// How full, 0...1.
        public var fraction: Double
        /// Ring or bar.
        public var style: ProgressStyle
        /// The filled part's colour; the track is a faint version of it.
        public var color: Color
        /// The percentage written under the ring or bar, if asked for.
        public var percentText: String?
        /// The percentage's font size: the details line's.
        public var percentFontPixels: Int
        /// The bar's thickness.
        public var barThicknessPixels: Int
        /// The ring's diameter: the wheel's (the box may be wider, for the percentage).
        public var ringPixels: Int
    }

    /// An outcome's mark, drawn with lines as thick as the wheel's spokes.
    public struct OutcomeMark: Sendable, Equatable {
        /// The square it is drawn in.
        public var box: PixelRect
        /// Which mark.
        public var kind: Outcome
        /// Its colour.
        public var color: Color
        /// How much of it is drawn, 0...1, as it draws itself (the circle first, then the
        /// strokes in order).
        public var drawn: Double = 1
    }

    /// A block of text fitted into an area, its lines centred in it.
    public struct Label: Sendable, Equatable {
        /// The fitted lines.
        public var text: FittedMessage
        /// The area the lines are centred in, as a block.
        public var area: PixelRect
        /// The text's colour.
        public var color: Color

        /// Creates a label.
        public init(text: FittedMessage, area: PixelRect, color: Color) {
            self.text = text
            self.area = area
            self.color = color
        }

        /// The top of line `index`.
        public func lineTop(_ index: Int) -> Int {
            let blockHeight = text.lines.count * text.lineHeightPixels
            return area.y + (area.height - blockHeight) / 2 + index * text.lineHeightPixels
        }
    }

    /// The wheel at one instant: which of its poses, and where.
    public struct WheelPose: Sendable, Equatable {
        /// The square the wheel is drawn in.
        public var box: PixelRect
        /// The wheel's geometry and colour.
        public var wheel: SpokeWheel
        /// Which pose, 0..<poseCount; pose `i` is the wheel turned by `i / poseCount`.
        public var poseIndex: Int
        /// How many distinct poses one turn has.
        public var poseCount: Int

        /// The turn of this pose, in whole turns.
        public var turn: Double { Double(poseIndex) / Double(poseCount) }
    }
}

/// A region of the screen the overlay claims, for drawing or for input.
public enum ScreenRegion: Sendable, Equatable {
    /// No part of the screen.
    case nothing
    /// The HUD's rounded rectangle only.
    case roundedRect(PixelRect, cornerRadiusPixels: Int)
    /// The whole screen.
    case everything
    /// A region and a rectangle beside it (the HUD and the logo above it).
    indirect case adding(ScreenRegion, PixelRect)
}
