/// A pixel position on the X screen, from its top-left corner.
struct ScreenPoint: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int

    var description: String { "(\(x), \(y))" }
}
