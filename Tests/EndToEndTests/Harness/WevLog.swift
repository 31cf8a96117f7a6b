/// What wev printed (run with `-f wl_keyboard:key -f wl_pointer:button`): the text of its key
/// presses (the `utf8: 'x'` of each pressed key) and how many button presses it got.
struct WevLog {
    /// The characters of the pressed keys, in order.
    let typed: String
    /// How many pointer buttons were pressed.
    let buttons: Int

    /// Reads wev's output `lines`.
    init(_ lines: [String]) {
        var typed = "", buttons = 0, keyPressed = false
        for line in lines {
            if line.contains("wl_pointer] button:") && line.contains("(pressed)") { buttons += 1 }
            if line.contains("wl_keyboard] key:") {
                keyPressed = line.contains("(pressed)")
            } else if keyPressed, let start = line.range(of: "utf8: '")?.upperBound {
                typed += line[start...].prefix { $0 != "'" }
                keyPressed = false
            }
        }
        self.typed = typed
        self.buttons = buttons
    }

    /// wev's arguments for what this reads.
    static let arguments = ["wev", "-f", "wl_keyboard:key", "-f", "wl_pointer:button"]
}
