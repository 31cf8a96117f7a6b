extension TestScreenLayout {
    /// Inside the wheel's place, clear of the message: the HUD's upper middle, half the HUD wide,
    /// from a twelfth of the HUD below its top edge down to the screen's centre.
    static let wheelArea = ScreenRect(x: center.x - hudSidePixels / 4, y: center.y - hudSidePixels / 2 + hudSidePixels / 12,
                                      width: hudSidePixels / 2, height: hudSidePixels / 2 - hudSidePixels / 12)
}
