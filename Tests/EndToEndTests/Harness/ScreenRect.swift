/// A rectangle on the X screen, in pixels.
struct ScreenRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}
