import KioskCore
import KioskPlatform

/// A font file known by the characters it is there for and opened only when one of them is
/// drawn, so a message that needs none of them costs neither the file's reading nor its memory.
package final class DeferredFont {
    private enum State {
        case closed
        case open(Font)
        case failed
    }

    /// Where the font is loaded from.
    let path: String
    private let scalars: [ClosedRange<UInt32>]
    private let library: FontLibrary
    private var state = State.closed

    /// A font at `path` for the scalar values in `scalars`, not opened yet.
    package init(path: String, scalars: [ClosedRange<UInt32>], library: FontLibrary) {
        self.path = path
        self.scalars = scalars
        self.library = library
    }

    /// True when `scalar` is one of the characters the font is there for (without opening it).
    func isMeant(for scalar: Unicode.Scalar) -> Bool {
        scalars.contains { $0.contains(scalar.value) }
    }

    /// The font if it is open.
    var openFont: Font? {
        if case .open(let font) = state { return font }
        return nil
    }

    /// The font, opened now if it is not yet; nil when it cannot be opened (reported once, and
    /// not tried again).
    func opened() -> Font? {
        guard case .closed = state else { return openFont }
        do {
            let font = try Font(path: path, library: library)
            state = .open(font)
            return font
        } catch {
            state = .failed
            Diagnostics.report("\(error)")
            return nil
        }
    }
}
