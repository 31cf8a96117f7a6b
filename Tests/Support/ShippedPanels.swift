import KioskCore

/// The panels kiosks ship, at their real densities: 7" 800x480, 1024x600, 1280x800 and 1920x1080.
package enum ShippedPanels {
    /// Each panel's pixels and dots per inch.
    package static let all: [(size: Size, dotsPerInch: Double)] = [
        (Size(width: 800, height: 480), 133), (Size(width: 1024, height: 600), 170), (Size(width: 1280, height: 800), 149),
        (Size(width: 1920, height: 1080), 141),
    ]
}
