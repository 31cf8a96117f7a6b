/// A piece of a line drawn in one direction and one script: the unit text is shaped in.
public struct TextRun: Sendable, Equatable {
    /// The run's characters in logical (reading) order.
    public var text: String
    /// True when the run is shaped right to left (Arabic, Hebrew): its first character is drawn
    /// rightmost.
    public var isRightToLeft: Bool
    /// The run's ISO 15924 script code for the shaper ("Arab", "Hebr", "Latn", "Hani", ...).
    public var script: String

    /// Creates a run.
    public init(text: String, isRightToLeft: Bool, script: String) {
        self.text = text
        self.isRightToLeft = isRightToLeft
        self.script = script
    }
}
