extension Option {
    /// The value(s) that set this option as it is in `options`, as a settings file writes them
    /// (one line each); nil when it is unset and has no default to write.
    func settingValue(in options: LaunchOptions) -> [String]? {
        let look = options.appearance, timing = options.timing
        func flag(_ on: Bool) -> [String] { [on ? "true" : "false"] }
        // A colour left to the theme is not written, so the file keeps following the theme.
        func chosen(_ role: ColorRole) -> [String]? { look.chosenColor(role).map { [$0.description] } }
        func milliseconds(_ seconds: Double) -> [String] { [String(Int((seconds * 1000).rounded()))] }
        func seconds(_ value: Double) -> [String] {
            [value == value.rounded() ? String(Int(value)) : String(value)]
        }
        switch self {
        case .message: return options.message.map { [CommandParser.written($0)] }
        case .stockMessage: return [options.stockMessage.rawValue]
        case .cancel: return flag(options.offersCancel)
        case .onCancel: return [options.onCancel.rawValue]
        case .speak: return flag(options.speaks)
        case .speakEvery: return seconds(options.speakEverySeconds)
        case .messageEnv: return options.messageVariable.map { [$0] }
        case .lang: return options.languageName.flatMap(\.tags.first).map { [$0] }
        case .detail: return options.detail.isEmpty ? nil : [CommandParser.written(options.detail)]
        case .startHidden: return flag(options.startsHidden)
        case .exitOnEOF: return flag(options.exitsAtEndOfInput)
        case .size: return [look.wheelPixels.map(String.init) ?? "auto"]
        case .style: return [look.wheelStyle.rawValue]
        case .layout: return [look.layout.rawValue]
        case .theme: return [look.theme.rawValue]
        case .color: return chosen(.wheel)
        case .successColor: return chosen(.mark(.success))
        case .errorColor: return chosen(.mark(.failure))
        case .infoColor: return chosen(.mark(.info))
        case .textColor: return chosen(.text)
        case .hudColor: return chosen(.hud)
        case .cornerRadius: return [look.cornerRadiusPixels.map(String.init) ?? "auto"]
        case .backdrop: return [look.backdropColor?.description ?? "none"]
        case .background: return options.backgroundColor.map { [$0.description] }
        case .spokes: return [String(look.spokeCount)]
        case .period: return seconds(look.periodSeconds)
        case .smooth: return flag(look.rotatesSmoothly)
        case .font: return options.fontPaths.isEmpty ? nil : options.fontPaths
        case .logo: return options.logoPath.map { [$0] }
        case .logoOnly: return flag(!look.showsHUD)
        case .logoHeight: return [String(Int(look.logoHeightMillimetres))]
        case .fontSize: return [look.fontPixels.map(String.init) ?? "auto"]
        case .minFontSize: return [look.minimumFontPixels.map(String.init) ?? "auto"]
        case .viewingDistance: return [String(Int(look.viewingDistanceCentimetres))]
        case .dpi: return [options.dotsPerInch.map { String(Int($0)) } ?? "auto"]
        case .maxLines: return look.maximumLines.map { [String($0)] }
        case .display:
            let screen = options.mirrorsOnAllDisplays ? "all" : String(options.display)
            return options.xDisplayName.map { [$0, screen] } ?? [screen]
        case .backend: return [options.backend.rawValue]
        case .rotate: return [String(options.rotation.rawValue)]
        case .scale: return [options.scale.map(String.init) ?? "auto"]
        case .window: return options.windowSize.map { ["\($0.width)x\($0.height)"] }
        case .tickRate: return [String(options.ticksPerSecond)]
        case .grace: return milliseconds(timing.graceSeconds)
        case .minShow: return milliseconds(timing.minimumShowSeconds)
        case .fade: return milliseconds(timing.fadeSeconds)
        case .dismissAfter: return timing.dismissAfterSeconds.map(seconds) ?? ["auto"]
        case .stallTimeout: return [timing.stallTimeoutSeconds.map { seconds($0)[0] } ?? "off"]
        case .stallMessage: return timing.stallMessage.map { [CommandParser.written($0)] }
        case .onStall: return [timing.onStall.rawValue]
        case .showPercent: return flag(look.showsPercent)
        case .progressStyle: return [look.progressStyle.rawValue]
        case .fifo: return options.fifoPath.map { [$0] }
        case .fifoTrustOthers: return flag(options.trustsOthersFIFO)
        case .listen: return options.controlSocketPath.map { [$0] }
        case .listenGroup: return options.controlSocketGroup.map { [$0] }
        case .psplash: return flag(options.readsPsplashFIFO)
        case .zenity: return flag(options.dialect == .zenity)
        case .errorsToStdout: return flag(options.reportsErrorsOnStdout)
        case .eventsToStdout: return flag(options.asksForEventsOnStdout)
        case .exitWithParent: return flag(options.exitsWithParent)
        case .waitForDisplay: return seconds(options.waitForDisplaySeconds)
        case .systemdProgress: return flag(options.followsSystemdProgress)
        case .snapshot, .at, .config, .printConfig, .help, .version: return nil
        }
    }
}
