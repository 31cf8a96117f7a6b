/// A screen that changed under the overlay, looked at whole: one HUD centred on the screen's new
/// size, and a plain colour (the background, or the backdrop dimming it) at every other point of
/// a grid across all of it, so that no strip of the new screen is left undrawn.
extension OutputPicture {
    /// Points across the whole picture, every 96 pixels from the edges in, and its corners.
    var grid: [ScreenPoint] {
        let corners = [ScreenPoint(x: 1, y: 1), ScreenPoint(x: width - 2, y: height - 2),
                       ScreenPoint(x: width - 2, y: 1), ScreenPoint(x: 1, y: height - 2)]
        return corners + stride(from: 8, to: height, by: 96).flatMap { y in
            stride(from: 8, to: width, by: 96).map { ScreenPoint(x: $0, y: y) }
        }
    }

    /// Whether `hud` is HUD-sized and centred on the picture (to 2 pixels).
    func centres(_ hud: ScreenRect) -> Bool {
        abs(hud.x + hud.width / 2 - width / 2) <= 2 && abs(hud.y + hud.height / 2 - height / 2) <= 2
            && hud.width >= 100 && hud.height >= 80
    }

    /// Waits until `picture` is `width` x `height` and shows one HUD centred on it over
    /// `beneath`, with every other point of its grid `beneath`; returns the HUD.
    static func waitForCentredHUD(width: Int, height: Int, over beneath: ScreenColor,
                                  in picture: () async throws -> OutputPicture) async throws -> ScreenRect {
        var last = "nothing"
        return try await Poll.value("a HUD centred on the \(width)x\(height) screen over \(beneath)", lastSeen: { last }) {
            let shot = try await picture()
            guard shot.width == width, shot.height == height,
                  let hud = shot.box(differingFrom: beneath, below: 0, tolerance: 8) else {
                last = "\(shot.width)x\(shot.height)"
                return nil
            }
            let uncovered = shot.grid.filter { point in
                !(point.x >= hud.x && point.x < hud.x + hud.width && point.y >= hud.y && point.y < hud.y + hud.height)
                    && !shot.color(at: point).isClose(to: beneath, tolerance: 8)
            }
            last = "\(shot.width)x\(shot.height), HUD \(hud), other than \(beneath) at \(uncovered.prefix(4))"
            return shot.centres(hud) && uncovered.isEmpty ? hud : nil
        }
    }
}
