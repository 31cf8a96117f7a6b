import KioskCore

extension PixelRows {
    /// Draws the Cancel's hairline and, while a press is held on it, its light.
    package func draw(_ cancel: Frame.CancelButton) {
        blend(PremultipliedPixel(cancel.dividerColor), over: cancel.divider)
        if let light = cancel.light { fillRoundedRect(light.rect, cornerRadius: light.cornerRadiusPixels, color: light.color) }
    }
}
