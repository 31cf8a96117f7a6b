/// Every command-line option: its spelling, the value it expects, what it sets, and its line in
/// the usage. One table serves the parser and `--help`, so they cannot disagree.
enum Option: String, CaseIterable {
    case message = "--message"
    case stockMessage = "--stock-message"
    case messageEnv = "--message-env"
    case lang = "--lang"
    case detail = "--detail"
    case startHidden = "--start-hidden"
    case exitOnEOF = "--exit-on-eof"
    case size = "--size"
    case style = "--style"
    case layout = "--layout"
    case theme = "--theme"
    case color = "--color"
    case textColor = "--text-color"
    case hudColor = "--hud-color"
    case cornerRadius = "--corner-radius"
    case successColor = "--success-color"
    case errorColor = "--error-color"
    case infoColor = "--info-color"
    case backdrop = "--backdrop"
    case background = "--background"
    case spokes = "--spokes"
    case period = "--period"
    case smooth = "--smooth"
    case font = "--font"
    case logo = "--logo"
    case logoHeight = "--logo-height"
    case logoOnly = "--logo-only"
    case fontSize = "--font-size"
    case minFontSize = "--min-font-size"
    case maxLines = "--max-lines"
    case viewingDistance = "--viewing-distance"
    case dpi = "--dpi"
    case display = "--display"
    case backend = "--backend"
    case rotate = "--rotate"
    case scale = "--scale"
    case window = "--window"
    case tickRate = "--tick-rate"
    case snapshot = "--snapshot"
    case at = "--at"
    case grace = "--grace"
    case minShow = "--min-show"
    case fade = "--fade"
    case dismissAfter = "--dismiss-after"
    case stallTimeout = "--stall-timeout"
    case stallMessage = "--stall-message"
    case onStall = "--on-stall"
    case cancel = "--cancel"
    case onCancel = "--on-cancel"
    case speak = "--speak"
    case speakEvery = "--speak-every"
    case showPercent = "--show-percent"
    case progressStyle = "--progress-style"
    case fifo = "--fifo"
    case fifoTrustOthers = "--fifo-trust-others"
    case listen = "--listen"
    case listenGroup = "--listen-group"
    case psplash = "--psplash"
    case zenity = "--zenity"
    case errorsToStdout = "--errors-to-stdout"
    case eventsToStdout = "--events-to-stdout"
    case exitWithParent = "--exit-with-parent"
    case waitForDisplay = "--wait-for-display"
    case systemdProgress = "--systemd-progress"
    case config = "--config"
    case printConfig = "--print-config"
    case help = "--help"
    case version = "--version"

    /// Short spellings, each standing for its long option.
    static let shortSpellings: [String: Option] = ["-h": .help]

    /// What the value looks like, or nil for a flag.
    var expectedValue: String? {
        switch self {
        case .message, .detail, .stallMessage: return "TEXT"
        case .onCancel: return CancelAction.allCases.map(\.rawValue).joined(separator: "|")
        case .grace, .minShow, .fade: return "MS"
        case .dismissAfter: return "SECONDS|auto"
        case .stallTimeout: return "SECONDS|off"
        case .waitForDisplay, .speakEvery: return "SECONDS"
        case .progressStyle: return "ring|bar"
        case .onStall: return "keep|unblock|hide|quit"
        case .fifo, .config, .listen: return "PATH"
        case .listenGroup: return "GROUP"
        case .stockMessage: return StockMessage.allCases.map(\.rawValue).joined(separator: "|")
        case .messageEnv: return "NAME"
        case .lang: return "LANG"
        case .showPercent, .cancel, .speak, .fifoTrustOthers, .psplash, .zenity, .errorsToStdout, .eventsToStdout, .exitWithParent, .systemdProgress,
             .printConfig:
            return nil
        case .size, .cornerRadius, .fontSize: return "PX|auto"
        case .minFontSize: return "PX|auto"
        case .style: return "large|medium"
        case .layout: return "vertical|horizontal"
        case .color, .textColor, .successColor, .errorColor, .infoColor: return "COLOR"
        case .theme: return "dark|light"
        case .viewingDistance: return "CM"
        case .dpi: return "N|auto"
        case .hudColor: return "#RRGGBBAA"
        case .backdrop: return "COLOR|none"
        case .background: return "COLOR"
        case .spokes, .maxLines: return "N"
        case .display: return "N|all|:X"
        case .backend: return "auto|x11|wayland|drm|fbdev"
        case .period, .at: return "SECONDS"
        case .font, .snapshot, .logo: return "PATH"
        case .logoHeight: return "MM"
        case .window: return "WxH"
        case .rotate: return "0|90|180|270"
        case .scale: return "N|auto"
        case .tickRate: return "HZ"
        case .startHidden, .exitOnEOF, .smooth, .logoOnly, .help, .version: return nil
        }
    }

    /// One line of help.
    var summary: String {
        switch self {
        case .message: return "message shown at start (default: the stock message, \"Please wait...\" in the device's language)"
        case .stockMessage: return "which stock message to show at start, in the device's language (default wait)"
        case .messageEnv: return "the message at start is this environment variable's value, when set and not empty"
        case .lang: return "the language of the stock texts and numbers, over LC_ALL, LC_MESSAGES and LANG (de, zh_TW, pt-BR...)"
        case .detail: return "smaller, dimmer details line under the message at start"
        case .startHidden: return "start hidden until the \"show\" command"
        case .exitOnEOF: return "exit 0 at the end of input instead of keeping the last state"
        case .size: return "wheel diameter in pixels; the type stays legible (default 2.5x the type)"
        case .style: return "wheel size preset, like UIActivityIndicatorView (default large)"
        case .layout: return "wheel above the message, or left of it in a wide HUD (default vertical)"
        case .theme: return "colours: light marks on a dark HUD, or dark on a light one (default dark)"
        case .color: return "spoke colour: white, gray or #RRGGBB (default white; light theme #3A3A3C)"
        case .textColor: return "message colour: white, gray or #RRGGBB (default #F2F2F7; light theme #1C1C1E)"
        case .hudColor: return "HUD fill with alpha (default #1C1C1EF2 with a hairline edge; light theme #E5E5EAF2)"
        case .successColor: return "success mark colour (default #30D158; light theme #248A3D)"
        case .errorColor: return "error mark colour (default #FF6961; light theme #D70015)"
        case .infoColor: return "info mark colour (default #409CFF; light theme #0040DD)"
        case .cornerRadius: return "HUD corner radius (default 0.6x the type size)"
        case .backdrop: return "screen colour outside the HUD while blocking (default #000000B3)"
        case .background: return "on a bare screen (DRM, fbdev), the opaque colour beneath the overlay instead of black; --snapshot draws it too"
        case .spokes: return "number of spokes, 3-64 (default 12)"
        case .period: return "seconds per turn of the wheel (default 1)"
        case .smooth: return "turn smoothly instead of one spoke at a time"
        case .font: return "TrueType font tried before the bundled ones (DejaVu Sans, Droid Sans Fallback); repeatable"
        case .logo: return "PNG drawn centred above the HUD (a device maker's logo), of at most \(LogoPicture.maximumPixels) pixels"
        case .logoHeight:
            return "how tall the logo is drawn in millimetres at the display's density, \(Appearance.logoHeightMillimetreRange.lowerBound)-"
                + "\(Appearance.logoHeightMillimetreRange.upperBound); smaller only where it does not fit "
                + "(default \(Appearance.defaultLogoHeightMillimetres))"
        case .logoOnly: return "show the logo alone in the middle, no HUD, wheel or message: a plain branded screen"
        case .fontSize: return "message font size (default: capitals 20 arcminutes tall at the viewing distance)"
        case .minFontSize: return "smallest size a long message shrinks to before it is cut (default 16 arcminutes)"
        case .maxLines: return "most lines the message wraps onto before it shrinks (default: as many as fit in 80 % of the screen's height)"
        case .viewingDistance: return "how far the reader's eyes are from the panel, 10-1000 (default 60)"
        case .dpi: return "display density; auto: from the size the display reports, else 96 (default auto)"
        case .display: return "display to cover, from 0, or all to mirror on every display (default 0); with a colon, the X display (:0, as zenity's)"
        case .backend: return "where to draw: wayland when WAYLAND_DISPLAY is set, else x11 when DISPLAY is, else drm, else fbdev (default auto)"
        case .window: return "a plain window of this size instead of the fullscreen overlay"
        case .rotate: return "turn the picture clockwise for a panel mounted turned (default 0)"
        case .scale: return "HiDPI: multiply every size; auto: 2 from ~192 dpi, else 1 (default auto)"
        case .tickRate: return "animation clock rate, 1-1000 (default 60)"
        case .snapshot: return "read stdin to its end, render one frame to this PNG and exit"
        case .at: return "time of the snapshot's frame, fades and motion included (default: the settled picture)"
        case .grace: return "a show followed by hide within this time draws nothing (default 0)"
        case .minShow: return "once drawn, the HUD stays at least this long (default 0)"
        case .fade: return "fade in and out (and the backdrop with block) over this long; 0: no motion at all (default 200)"
        case .dismissAfter: return "success/error/info hide after this long; 0 keeps them; auto: time to read them, 2 s or more, errors 5 s (default auto)"
        case .stallTimeout:
            return "with no state command from the host for this long while shown (ping and status do not count), "
                + "show that it stalled (default off)"
        case .stallMessage: return "message while stalled (default \"Not responding\" in the device's language)"
        case .onStall:
            return "what a stall does: keep the block, unblock, hide the HUD, or quit with status 7 (default keep)"
        case .cancel: return "add a Cancel to the HUD: pressed (or Escape while blocking), it says \"cancelled\" (see --on-cancel, --cancel-label); X11 and Wayland only, not on bare screens"
        case .onCancel: return "what a press of the Cancel does besides saying so: nothing, hide the HUD and lift the block, or quit with status 8 (default keep)"
        case .speak: return "say each new message and outcome aloud (espeak-ng, in its language); \"speak on|off\" at run time"
        case .speakEvery: return "with --speak, say what is shown again after this many seconds while it stays (default 0: never)"
        case .showPercent: return "write the percentage with determinate progress"
        case .progressStyle: return "determinate progress as a ring or a bar (default ring)"
        case .fifo: return "also read commands from this named FIFO (created 0600 if missing)"
        case .fifoTrustOthers: return "use an existing FIFO even if another user owns it or others may write to it"
        case .listen: return "answer clients on this Unix socket, made 0600 (see \"kiosk-spinner send\")"
        case .listenGroup: return "give the --listen socket to this group, mode 0660, so its members may connect"
        case .psplash: return "read psplash's FIFO, $PSPLASH_FIFO_DIR/psplash_fifo (default /run; made 0660)"
        case .zenity: return "the same as --progress: read stdin as zenity --progress reads it"
        case .errorsToStdout: return "also report rejected lines on stdout as \"error line N: ...\""
        case .eventsToStdout: return "with --progress, write the events (ready, shown, ...) on stdout too; zenity writes nothing there"
        case .waitForDisplay:
            return "when no display is there yet (a DRM driver still loading at boot), wait this long for one to appear, "
                + "reading the FIFO meanwhile (default 0)"
        case .exitWithParent:
            return "exit when the overlay's parent process dies (in \"host | kiosk-spinner\" that is the shell, not host: "
                + "use --exit-on-eof there)"
        case .systemdProgress:
            return "at boot, fill the ring as systemd's boot progresses and quit when the boot has finished (as psplash-systemd)"
        case .config: return "read settings (name = value lines) from FILE; options given here win"
        case .printConfig: return "print the effective settings in that format and exit"
        case .help: return "print this help and exit (also -h)"
        case .version: return "print the version and exit"
        }
    }

    /// Sets what this option controls in `options` from `value`.
    func apply(value: String, to options: inout LaunchOptions) throws(OptionError) {
        switch self {
        case .message: options.message = LaunchOptions.text(value)
        case .stockMessage: options.stockMessage = try choice(value)
        case .cancel: options.offersCancel = true
        case .onCancel: options.onCancel = try choice(value)
        case .speak: options.speaks = true
        case .speakEvery: options.speakEverySeconds = try seconds(value, in: 0...3600)
        case .messageEnv:
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                throw .invalidValue(option: rawValue, value: value, expected: "an environment variable's name (letters, digits, _)")
            }
            options.messageVariable = value
        case .lang: options.languageName = try language(value)
        case .detail: options.detail = LaunchOptions.text(value)
        case .startHidden: options.startsHidden = true
        case .exitOnEOF: options.exitsAtEndOfInput = true
        case .size: options.appearance.wheelPixels = try automatic(value) { v throws(OptionError) in try integer(v, in: Appearance.wheelPixelRange) }
        case .style: options.appearance.wheelStyle = try choice(value)
        case .layout: options.appearance.layout = try choice(value)
        case .theme: options.appearance.theme = try choice(value)
        case .color: options.appearance.wheelColor = try color(value)
        case .successColor: options.appearance[.mark(.success)] = try color(value)
        case .errorColor: options.appearance[.mark(.failure)] = try color(value)
        case .infoColor: options.appearance[.mark(.info)] = try color(value)
        case .textColor: options.appearance.textColor = try color(value)
        case .hudColor: options.appearance.hudColor = try color(value)
        case .cornerRadius: options.appearance.cornerRadiusPixels = try automatic(value) { v throws(OptionError) in try integer(v, in: 0...8192) }
        case .backdrop: options.appearance.backdropColor = value.lowercased() == "none" ? nil : try color(value)
        case .background:
            var opaque = try color(value)
            opaque.alpha = 255
            options.backgroundColor = opaque
        case .spokes: options.appearance.spokeCount = try integer(value, in: 3...Appearance.maximumSpokeCount)
        case .period: options.appearance.periodSeconds = try seconds(value, in: 0.05...60)
        case .smooth: options.appearance.rotatesSmoothly = true
        case .font: options.fontPaths.append(value)
        case .logo:
            guard !value.isEmpty else { throw .emptyValue(option: rawValue, expected: "the PATH of a PNG") }
            options.logoPath = value
        case .logoOnly: options.appearance.showsHUD = false
        case .logoHeight: options.appearance.logoHeightMillimetres = Double(try integer(value, in: Appearance.logoHeightMillimetreRange))
        case .fontSize: options.appearance.fontPixels = try automatic(value) { v throws(OptionError) in try integer(v, in: 4...1024) }
        case .minFontSize: options.appearance.minimumFontPixels = try automatic(value) { v throws(OptionError) in try integer(v, in: 4...512) }
        case .viewingDistance: options.appearance.viewingDistanceCentimetres = Double(try integer(value, in: 10...1000))
        case .dpi: options.dotsPerInch = try automatic(value) { v throws(OptionError) in try integer(v, in: 20...2000) }.map(Double.init)
        case .maxLines: options.appearance.maximumLines = try integer(value, in: 1...20)
        case .display:
            // An X display name (`:0`, `host:0.1`, or empty for $DISPLAY), as GTK's --display takes it.
            if value.isEmpty || value.contains(":") {
                options.xDisplayName = value.isEmpty ? nil : value
                return
            }
            options.mirrorsOnAllDisplays = value.lowercased() == "all"
            if !options.mirrorsOnAllDisplays { options.display = try integer(value, in: 0...63) }
        case .backend: options.backend = try choice(value)
        case .window: options.windowSize = try size(value)
        case .rotate:
            guard let degrees = Int(value), let rotation = Rotation(rawValue: degrees) else { throw invalid(value) }
            options.rotation = rotation
        case .scale: options.scale = value.lowercased() == "auto" ? nil : try integer(value, in: 1...8)
        case .tickRate: options.ticksPerSecond = try integer(value, in: 1...1000)
        case .snapshot: options.action = .snapshot(path: value)
        case .at: options.snapshotAtSeconds = try seconds(value, in: 0...86400)
        case .grace: options.timing.graceSeconds = try milliseconds(value)
        case .minShow: options.timing.minimumShowSeconds = try milliseconds(value)
        case .fade: options.timing.fadeSeconds = try milliseconds(value)
        case .dismissAfter: options.timing.dismissAfterSeconds = try automatic(value) { v throws(OptionError) in try seconds(v, in: 0...3600) }
        case .stallTimeout:
            options.timing.stallTimeoutSeconds = value.lowercased() == "off" ? nil : try seconds(value, in: 0.1...86400)
        case .stallMessage: options.timing.stallMessage = LaunchOptions.text(value)
        case .onStall: options.timing.onStall = try choice(value)
        case .showPercent: options.appearance.showsPercent = true
        case .progressStyle: options.appearance.progressStyle = try choice(value)
        case .fifo: options.fifoPath = value
        case .fifoTrustOthers: options.trustsOthersFIFO = true
        case .listen:
            guard !value.isEmpty else { throw .emptyValue(option: rawValue, expected: "a PATH") }
            options.controlSocketPath = value
        case .listenGroup: options.controlSocketGroup = value
        case .psplash: options.readsPsplashFIFO = true
        case .zenity: options.dialect = .zenity
        case .errorsToStdout: options.reportsErrorsOnStdout = true
        case .eventsToStdout: options.asksForEventsOnStdout = true
        case .exitWithParent: options.exitsWithParent = true
        case .waitForDisplay: options.waitForDisplaySeconds = try seconds(value, in: 0...3600)
        case .systemdProgress: options.followsSystemdProgress = true
        case .config: options.configPath = value
        case .printConfig: options.action = .printConfig
        case .help: options.action = .help
        case .version: options.action = .version
        }
    }

    private func invalid(_ value: String) -> OptionError {
        .invalidValue(option: rawValue, value: value, expected: expectedValue ?? "no value")
    }

    private func integer(_ value: String, in range: ClosedRange<Int>) throws(OptionError) -> Int {
        guard value.allSatisfy(\.isASCIIDigit), let number = Int(value), range.contains(number) else {
            throw .invalidValue(option: rawValue, value: value,
                                expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// nil for `auto`, else the value read by `read`.
    private func automatic<Value>(_ value: String, _ read: (String) throws(OptionError) -> Value) throws(OptionError) -> Value? {
        value.lowercased() == "auto" ? nil : try read(value)
    }

    private func milliseconds(_ value: String) throws(OptionError) -> Double {
        Double(try integer(value, in: 0...600_000)) / 1000
    }

    private func seconds(_ value: String, in range: ClosedRange<Double>) throws(OptionError) -> Double {
        guard let number = Double(value), number.isFinite, range.contains(number) else {
            throw .invalidValue(option: rawValue, value: value, expected: "seconds from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A locale name the stock texts are translated for, or English.
    private func language(_ value: String) throws(OptionError) -> LocaleName {
        guard let name = LocaleName(value), Language(choosingFrom: [name]) != .english || name.language == "en" else {
            throw .invalidValue(option: rawValue, value: value,
                                expected: "a language the stock texts are in: " + Language.knownTags.sorted().joined(separator: ", "))
        }
        return name
    }

    private func color(_ value: String) throws(OptionError) -> Color {
        guard let color = Color(parsing: value) else { throw invalid(value) }
        return color
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(_ value: String) throws(OptionError) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value.lowercased()) else { throw invalid(value) }
        return choice
    }

    /// The sides in pixels a `--window` may have.
    private static let windowSides = 16...16384

    private func size(_ value: String) throws(OptionError) -> Size {
        let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let width = Int(parts[0]), let height = Int(parts[1]),
              Self.windowSides.contains(width), Self.windowSides.contains(height) else {
            throw .invalidValue(option: rawValue, value: value,
                                expected: "WxH, each from \(Self.windowSides.lowerBound) to \(Self.windowSides.upperBound), like 800x480")
        }
        return Size(width: width, height: height)
    }
}

extension Character {
    /// 0 to 9, and nothing else (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
