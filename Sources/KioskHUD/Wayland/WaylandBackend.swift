import KioskCore
import KioskFonts
import KioskPlatform

/// Wayland layer surfaces on the overlay layer, one an output, and the compositor's connection
/// the loop waits on. Blocking takes the keyboard exclusively and every pixel as input region,
/// so the compositor itself holds all input for the overlay.
final class WaylandBackend: RegisteredBackend {
    static let choice = WindowingBackend.wayland
    let displays: [OpenedDisplay]
    let blockingInput = BlockingInput.heldByWindowingSystem
    let stacking = Stacking.held
    let wake: @Sendable () -> Bool
    private let connection: WaylandConnection
    private let outputs: [WaylandOutput]

    /// Offered where a compositor is named and neither a plain window nor an X display
    /// (zenity's `--display=:0`) is asked for.
    static func absence(for options: LaunchOptions) -> String? {
        if options.windowSize != nil { return "a plain window (--window) is asked for" }
        if let name = options.xDisplayName { return "an X display (\(name)) is named" }
        return Environment.value("WAYLAND_DISPLAY") == nil ? "WAYLAND_DISPLAY is not set" : nil
    }

    /// Connects and makes a layer surface on each output the options name (`--display N` counts
    /// the outputs in the order the compositor announced them), at the output's own scale.
    static func open(_ options: LaunchOptions, glyphs: FontChain) throws(StartupError) -> WaylandBackend {
        let connection: WaylandConnection
        do { connection = try WaylandConnection() } catch { throw .wayland(error) }
        let count = connection.outputCount
        guard count > 0 else { throw .wayland(.noOutput) }
        if !options.mirrorsOnAllDisplays, options.display >= count {
            throw .noSuchOutput(index: options.display, count: count)
        }
        var outputs: [WaylandOutput] = []
        var displays: [OpenedDisplay] = []
        for index in options.mirrorsOnAllDisplays ? Array(0..<count) : [options.display] {
            let profile = connection.profile(ofOutput: index)
            let layer: LayerSurface
            do {
                layer = try LayerSurface(connection: connection, output: index, scale: profile.platformScale)
            } catch {
                throw .wayland(error)
            }
            let output = WaylandOutput(layer: layer, rotation: options.rotation, glyphs: glyphs)
            outputs.append(output)
            displays.append(OpenedDisplay(logicalSize: output.logicalSize, profile: profile))
        }
        return WaylandBackend(connection: connection, outputs: outputs, displays: displays)
    }

    private init(connection: WaylandConnection, outputs: [WaylandOutput], displays: [OpenedDisplay]) {
        self.connection = connection
        self.outputs = outputs
        self.displays = displays
        wake = connection.wake
    }

    func draw(_ frames: [Frame?]) {
        for (output, frame) in zip(outputs, frames) {
            if let frame { output.show(frame) }
        }
        drawReady()
    }

    /// Waits on the connection; a lost one is `.displayLost`.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        guard connection.wait(until: deadline) else {
            let reason = connection.protocolError.map { " (\($0))" } ?? ""
            return [.displayLost("lost the connection to the Wayland compositor\(reason); exiting")]
        }
        drawReady()
        return []
    }

    /// Gives back a keyboard the compositor put on a surface that did not ask for it, then draws
    /// each output's waiting frame whose surface is ready for it.
    private func drawReady() {
        for output in outputs {
            do {
                try output.giveBackUnwantedKeyboard()
                try output.drawWhenReady()
            } catch {
                Diagnostics.report("drawing failed: \(error)")
            }
        }
    }
}
