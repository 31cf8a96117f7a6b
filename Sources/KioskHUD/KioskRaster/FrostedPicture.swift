internal import CKioskPixels
import KioskCore

extension PixelBuffer {
    /// A frosted copy: blurred by about `radius` pixels and, when `drained`, with its colour
    /// drained to grey (`kp_frost`). What the overlay makes of the screen it read beneath
    /// itself, so an application's text does not read through the HUD and, while blocking, a
    /// frozen picture of it cannot pass for live data. Nil when its working memory could not
    /// be had.
    package func frosted(radius: Int, drained: Bool) -> PixelBuffer? {
        let frosted = PixelBuffer(width: width, height: height)
        let status = withPixels { source in
            frosted.withPixels { target in
                kp_frost(source.row(0), target.row(0), Int32(width), Int32(height), Int32(radius), drained ? 1 : 0)
            }
        }
        return status == 0 ? frosted : nil
    }
}
