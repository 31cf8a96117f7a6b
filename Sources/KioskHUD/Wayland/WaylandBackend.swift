import KioskCore
import KioskFonts
import KioskPlatform

/// Wayland layer surfaces on the overlay layer, one an output, and the compositor's connection
/// the loop waits on. Blocking takes the keyboard exclusively and every pixel as input region,
/// so the compositor itself holds all input for the overlay. An output whose mode, scale or
/// transform changes gets a new surface of its new size (`.displayChanged`); one that goes away
/// is `.displayGone` until an output of its name comes back; with `--display all` an output
/// plugged in later gets a surface of its own (`.displayAdded`). The grab is said `held` once a
/// surface that takes every key and click is shown, `pending` before, and `refused` while every
/// output it shows on is gone (no surface is left to hold the keyboard). Each seat's pointer,
/// touch screen and Escape on a surface are the Cancel's presses.
final class WaylandBackend: RegisteredBackend {
    static let choice = WindowingBackend.wayland
    private(set) var displays: [OpenedDisplay]
    let blockingInput = BlockingInput.heldByWindowingSystem
    let stacking = Stacking.held
    /// Each seat's pointer, touch screen and keyboard (`kw_layer_take_inputs`).
    let readsPresses = true
    let wake: @Sendable () -> Bool
    private let connection: WaylandConnection
    private var outputs: [WaylandOutput]
    /// The compositor's index of each output shown on.
    private var outputIndices: [Int]
    /// The name of each output shown on, by which one that went away is found again.
    private var outputNames: [String]
    /// The displays whose output went away.
    private var gone: Set<Int> = []
    /// What holds the input, as last said to the loop (`.grab`): see `grabChange`.
    private var inputHeld = BlockingInput.heldByWindowingSystem.initialStatus
    /// How many outputs the compositor had announced when they were last looked at.
    private var announcedOutputs: Int
    /// Whether outputs plugged in later are shown on too (`--display all`).
    private let showsOnEveryOutput: Bool
    /// How often a surface that could not be made for a changed or new output is said on
    /// stderr (it is tried again at each wait).
    private var failureReports = LimitedReports(count: 4, withinSeconds: 60)
    private let rotation: Rotation
    private let glyphs: FontChain

    /// Offered where a compositor is named and neither a plain window nor an X display
    /// (zenity's `--display=:0`) is asked for.
    static func absence(for options: LaunchOptions) -> String? {
        if options.windowSize != nil { return "a plain window (--window) is asked for" }
        if let name = options.xDisplayName { return "an X display (\(name)) is named" }
        return Environment.value("WAYLAND_DISPLAY") == nil ? "WAYLAND_DISPLAY is not set" : nil
    }

    /// Connects and makes a layer surface on each output the options name (`--display N` counts
    /// the outputs in the order the compositor announced them), at the output's own scale.
    static func open(_ options: LaunchOptions, glyphs: FontChain, exit: ProgramExit) throws(StartupError) -> WaylandBackend {
        let connection: WaylandConnection
        do { connection = try WaylandConnection() } catch { throw .wayland(error) }
        let count = connection.outputCount
        guard count > 0 else { throw .wayland(.noOutput) }
        if !options.mirrorsOnAllDisplays, options.display >= count {
            throw .noSuchOutput(index: options.display, count: count)
        }
        let indices = options.mirrorsOnAllDisplays ? Array(0..<count) : [options.display]
        var outputs: [WaylandOutput] = []
        var displays: [OpenedDisplay] = []
        for index in indices {
            let (output, display): (WaylandOutput, OpenedDisplay)
            do {
                (output, display) = try makeOutput(index, on: connection, rotation: options.rotation, glyphs: glyphs)
            } catch {
                throw .wayland(error)
            }
            outputs.append(output)
            displays.append(display)
        }
        return WaylandBackend(connection: connection, outputs: outputs, displays: displays, outputIndices: indices,
                              showsOnEveryOutput: options.mirrorsOnAllDisplays, rotation: options.rotation, glyphs: glyphs)
    }

    /// A layer surface on the compositor's output `index` at its scale now, and what it is.
    private static func makeOutput(_ index: Int, on connection: WaylandConnection, rotation: Rotation,
                                   glyphs: FontChain) throws(WaylandError) -> (WaylandOutput, OpenedDisplay) {
        let profile = connection.profile(ofOutput: index)
        let layer = try LayerSurface(connection: connection, output: index, scale: profile.platformScale)
        let output = WaylandOutput(layer: layer, rotation: rotation, glyphs: glyphs)
        return (output, OpenedDisplay(logicalSize: output.logicalSize, profile: profile))
    }

    private init(connection: WaylandConnection, outputs: [WaylandOutput], displays: [OpenedDisplay], outputIndices: [Int],
                 showsOnEveryOutput: Bool, rotation: Rotation, glyphs: FontChain) {
        self.connection = connection
        self.outputs = outputs
        self.displays = displays
        self.outputIndices = outputIndices
        outputNames = outputIndices.map(connection.name(ofOutput:))
        announcedOutputs = connection.outputCount
        self.showsOnEveryOutput = showsOnEveryOutput
        self.rotation = rotation
        self.glyphs = glyphs
        wake = connection.wake
    }

    func draw(_ frames: [Frame?]) {
        for (output, frame) in zip(outputs, frames) {
            if let frame { output.show(frame) }
        }
        drawReady()
    }

    /// Says first what the frames just drawn did to the grab (`.grab`, without waiting); else
    /// waits on the connection (a lost one is `.displayLost`), then follows the outputs
    /// (`followOutputs`: `.displayChanged`, `.displayGone`, `.displayAdded`) and says the grab.
    func waitForEvents(until deadline: UInt64?) -> [LoopInput] {
        // What the frames just drawn did to the grab is said at once, not after the wait.
        let drawn = grabChange()
        guard drawn.isEmpty else { return drawn }
        guard connection.wait(until: deadline) else {
            let reason = connection.protocolError.map { " (\($0))" } ?? ""
            return [.displayLost("lost the connection to the Wayland compositor\(reason); exiting")]
        }
        let presses = outputs.indices.filter { !gone.contains($0) }.flatMap { outputs[$0].takeInputs(display: $0) }
        connection.forgetInputs()
        let changes = followOutputs()
        drawReady()
        return changes + grabChange() + presses
    }

    /// The grab as it is now, when it changed: held once a surface that takes every key and
    /// click (blocking) is shown, refused while every output shown on is gone, else released
    /// (`pending` while blocking: the surface that will hold the input is not shown yet).
    private func grabChange() -> [LoopInput] {
        let now: BlockingGrabState.Status = gone.count == outputs.count ? .refused
            : outputs.indices.contains { !gone.contains($0) && outputs[$0].holdsInput } ? .held : .released
        guard now != inputHeld else { return [] }
        inputHeld = now
        return [.grab(now)]
    }

    /// Follows the outputs: one whose mode, scale or transform changed gets a surface of its
    /// new size (the old one goes when the new one is made), one the compositor took away is
    /// gone, and each output announced since the last look takes the place of a gone one of
    /// its name, or with `--display all` is added. Returns what changed.
    private func followOutputs() -> [LoopInput] {
        var changes: [LoopInput] = []
        for position in outputs.indices where !gone.contains(position) {
            let index = outputIndices[position]
            if outputs[position].isClosed || connection.isRemoved(output: index) {
                gone.insert(position)
                changes.append(.outputGone(position, describe(position)))
            } else if outputs[position].isOutdated(atScale: connection.profile(ofOutput: index).platformScale) {
                changes += remake(position, on: index).map { [.displayChanged(position, $0)] } ?? []
            }
        }
        while announcedOutputs < connection.outputCount,
              connection.isReady(output: announcedOutputs) || connection.isRemoved(output: announcedOutputs) {
            let index = announcedOutputs
            announcedOutputs += 1
            if connection.isRemoved(output: index) { continue }
            let name = connection.name(ofOutput: index)
            if let position = gone.first(where: { outputNames[$0] == name && !name.isEmpty }) {
                guard let display = remake(position, on: index) else { continue }
                gone.remove(position)
                changes.append(.displayChanged(position, display))
            } else if showsOnEveryOutput {
                do {
                    let (output, display) = try Self.makeOutput(index, on: connection, rotation: rotation, glyphs: glyphs)
                    outputs.append(output)
                    displays.append(display)
                    outputIndices.append(index)
                    outputNames.append(name)
                    changes.append(.outputAdded(display, describe(outputs.count - 1)))
                } catch {
                    failureReports.report("cannot show on the new output \(name): \(error)")
                }
            }
        }
        return changes
    }

    /// Makes display `position`'s surface anew on the compositor's output `index`; nil (said)
    /// when it cannot be made.
    private func remake(_ position: Int, on index: Int) -> OpenedDisplay? {
        do {
            let (output, display) = try Self.makeOutput(index, on: connection, rotation: rotation, glyphs: glyphs)
            outputs[position] = output
            displays[position] = display
            outputIndices[position] = index
            return display
        } catch {
            failureReports.report("cannot follow the change of output \(outputNames[position]): \(error)")
            return nil
        }
    }

    /// What the lines call display `position` (`LoopInput.displayName`).
    private func describe(_ position: Int) -> String {
        let output = outputNames[position].isEmpty ? "output \(outputIndices[position])" : "output \(outputNames[position])"
        return LoopInput.displayName(position, showing: output, amongSeveral: outputs.count > 1 || showsOnEveryOutput)
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
