import KioskCore

extension PixelRows {
    /// Draws the Cancel's hairline over the HUD of `panel` and, while a press is held on it, its
    /// light: a rounded rectangle just inside the band, its corners following the HUD's.
    package func draw(_ cancel: Frame.CancelButton, in panel: Frame.Panel) {
        blend(PremultipliedPixel(cancel.dividerColor), over: cancel.divider)
        guard let pressed = cancel.pressedColor else { return }
        let inset = max(2 * cancel.divider.height, panel.cornerRadiusPixels / 4)
        let lit = PixelRect(x: cancel.area.x + inset, y: cancel.divider.maxY + inset, width: cancel.area.width - 2 * inset,
                            height: cancel.area.maxY - cancel.divider.maxY - 2 * inset)
        fillRoundedRect(lit, cornerRadius: max(0, panel.cornerRadiusPixels - inset), color: pressed)
    }
}
