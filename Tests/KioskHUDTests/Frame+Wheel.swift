@testable import KioskCore
@testable import KioskHUD

extension Frame {
    /// The wheel, when the indicator is the wheel.
    var wheel: WheelPose? {
        if case .wheel(let pose) = indicator { return pose }
        return nil
    }
}
