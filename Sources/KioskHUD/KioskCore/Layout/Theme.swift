/// A set of colours that work together: the HUD's fill, the wheel, the text and the outcomes'
/// marks, each with at least 4.5:1 contrast against the HUD for the wheel and the text.
public enum Theme: String, Sendable, Equatable, CaseIterable {
    /// Light marks on a dark translucent HUD (iOS's dark HUD).
    case dark
    /// Dark marks on a light translucent HUD.
    case light

    /// The colours of this theme.
    public var palette: Palette {
        switch self {
        case .dark:
            return Palette(hud: Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0xF2), edge: Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0x33),
                           shadow: nil, wheel: .white,
                           text: Color(red: 0xF2, green: 0xF2, blue: 0xF7),
                           success: Color(red: 0x30, green: 0xD1, blue: 0x58), failure: Color(red: 0xFF, green: 0x69, blue: 0x61),
                           info: Color(red: 0x40, green: 0x9C, blue: 0xFF))
        case .light:
            return Palette(hud: Color(red: 0xE5, green: 0xE5, blue: 0xEA, alpha: 0xF2), edge: Color(red: 0, green: 0, blue: 0, alpha: 0x40),
                           shadow: Color(red: 0, green: 0, blue: 0, alpha: 0x38), wheel: Color(red: 0x3A, green: 0x3A, blue: 0x3C),
                           text: Color(red: 0x1C, green: 0x1C, blue: 0x1E),
                           success: Color(red: 0x24, green: 0x8A, blue: 0x3D), failure: Color(red: 0xD7, green: 0x00, blue: 0x15),
                           info: Color(red: 0x00, green: 0x40, blue: 0xDD))
        }
    }

    /// The colours of a theme.
    public struct Palette: Sendable, Equatable {
        /// The colour playing `role`.
        public subscript(role: ColorRole) -> Color {
            switch role {
            case .hud: return hud
            case .wheel: return wheel
            case .text: return text
            case .mark(.success): return success
            case .mark(.failure): return failure
            case .mark(.info): return info
            }
        }

        /// The HUD's fill: 95 % opaque, so an application's text beneath cannot read through.
        public var hud: Color
        /// The hairline around the HUD's own fill, which gives it an edge of at least 1.5:1
        /// over a black and a white application alike.
        public var edge: Color
        /// The soft shadow under the HUD, at its darkest (the light theme's, which lifts a light
        /// HUD off a light application); nil: none.
        public var shadow: Color?
        /// The spokes, the progress gauge.
        public var wheel: Color
        /// The message.
        public var text: Color
        /// The success mark (iOS's system green in the dark theme).
        public var success: Color
        /// The error mark (iOS's accessible system red in the dark theme, #FF6961).
        public var failure: Color
        /// The info mark (iOS's accessible system blue in the dark theme, #409CFF).
        public var info: Color
    }
}
