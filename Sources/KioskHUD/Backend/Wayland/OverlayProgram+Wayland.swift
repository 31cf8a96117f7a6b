import KioskCore
import KioskPlatform

extension OverlayProgram {
    /// The Wayland connection to show on, or nil for SDL. `--backend wayland` insists on it;
    /// `auto` takes it when WAYLAND_DISPLAY is set and no `--window` is asked for, and when the
    /// compositor cannot show an overlay, says so on one line and falls back to XWayland if
    /// DISPLAY is set.
    static func waylandConnection(_ options: LaunchOptions) throws(StartupError) -> WaylandConnection? {
        switch options.backend {
        case .x11:
            return nil
        case .wayland:
            do { return try WaylandConnection() } catch { throw .wayland(error) }
        case .auto:
            guard options.windowSize == nil, Environment.value("WAYLAND_DISPLAY") != nil else { return nil }
            do {
                return try WaylandConnection()
            } catch {
                guard let x11 = Environment.value("DISPLAY") else { throw .wayland(error) }
                Diagnostics.report("\(error); showing through XWayland at DISPLAY=\(x11) instead")
                return nil
            }
        }
    }

    /// Makes a layer surface on each output the options name (`--display N` counts the outputs
    /// in the order the compositor announced them), each laid out at `--scale` or else at the
    /// output's own scale, its type sized for the output's density (`--dpi`, else the one its
    /// reported size gives, else the assumed one times the output's scale), times `--scale`
    /// over the output's scale.
    static func openWayland(_ options: LaunchOptions, connection: WaylandConnection) throws(StartupError) -> OpenDisplay {
        let count = connection.outputCount
        guard count > 0 else { throw .wayland(.noOutput) }
        if !options.mirrorsOnAllDisplays, options.display >= count {
            throw .noSuchOutput(index: options.display, count: count)
        }
        // Fonts need SDL_ttf only: SDL's video stays off, so SDL opens no connection of its own.
        let session: SDLSession
        do { session = try SDLSession(video: false) } catch { throw .display(error) }
        let font: FontChain
        do { font = try openFonts(options, session: session) } catch { throw .fonts(error) }
        var outputs: [WaylandOutput] = []
        var composers: [FrameComposer] = []
        for index in options.mirrorsOnAllDisplays ? Array(0..<count) : [options.display] {
            let outputScale = connection.scale(ofOutput: index)
            let layer: LayerSurface
            do { layer = try LayerSurface(connection: connection, output: index, scale: outputScale) } catch { throw .wayland(error) }
            let output: WaylandOutput
            do { output = try WaylandOutput(layer: layer, rotation: options.rotation, font: font) } catch { throw .display(error) }
            let scale = options.scale ?? outputScale
            let density = options.dotsPerInch ?? connection.dotsPerInch(ofOutput: index)
                ?? DisplayDensity.assumedDotsPerInch * Double(outputScale)
            outputs.append(output)
            composers.append(FrameComposer(screen: output.logicalSize, scale: scale,
                                           dotsPerInch: density * Double(scale) / Double(outputScale)))
        }
        return OpenDisplay(screens: WaylandScreens(connection: connection, outputs: outputs), composers: composers,
                           font: font, grabsInput: false)
    }
}
