import KioskCore

extension Frame {
    /// The wheel, when the indicator is the wheel.
    package var wheel: WheelPose? {
        if case .wheel(let pose) = indicator { return pose }
        return nil
    }
}
