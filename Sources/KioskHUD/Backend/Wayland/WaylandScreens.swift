import KioskCore
import KioskPlatform

/// The Wayland layer surfaces the overlay shows on, one an output, and the compositor's
/// connection the loop waits on. A lost connection ends the program with
/// `ExitStatus.displayLost`, as a lost X server does.
final class WaylandScreens: OverlayScreens {
    private let connection: WaylandConnection
    private let outputs: [WaylandOutput]
    let wake: @Sendable () -> Bool
    let blockingHoldsInput = true

    /// Creates the screens showing on `outputs`, all made on `connection`.
    init(connection: WaylandConnection, outputs: [WaylandOutput]) {
        self.connection = connection
        self.outputs = outputs
        wake = connection.wake
    }

    func draw(_ frames: [Frame?]) {
        for (output, frame) in zip(outputs, frames) {
            if let frame { output.show(frame) }
        }
        drawReady()
    }

    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        guard connection.wait(until: deadline) else {
            let reason = connection.protocolError.map { " (\($0))" } ?? ""
            ProgramExit.finish(.displayLost, within: ProgramExit.promptSeconds,
                               reporting: "lost the connection to the Wayland compositor\(reason); exiting")
        }
        drawReady()
        return []
    }

    /// Draws each output's waiting frame whose surface is ready for it.
    private func drawReady() {
        for output in outputs {
            do {
                try output.drawWhenReady()
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }
}
