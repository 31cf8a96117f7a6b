/// Everything the command line sets: what to do, the look, and how to run.
public struct LaunchOptions: Sendable, Equatable {
    /// What the program does with these options.
    public enum Action: Sendable, Equatable {
        /// Show the overlay and follow commands on stdin.
        case run
        /// Render one frame to a PNG file and exit.
        case snapshot(path: String)
        /// Print the usage and exit 0.
        case help
        /// Print the version and exit 0.
        case version
        /// Print the effective settings as a settings file and exit 0.
        case printConfig
    }

    /// What to do.
    public var action = Action.run
    /// The look.
    public var appearance = Appearance()
    /// Grace, minimum show, fades, auto-dismiss and the stall timeout.
    public var timing = Timing()
    /// How stdin's lines are read: kiosk-spinner's commands, or zenity --progress input.
    public var dialect = CommandParser.Dialect.standard
    /// zenity --progress's options, used in the zenity dialect.
    public var zenity = ZenityProgressOptions()
    /// A named FIFO to read commands from as well (NUL or newline ends a command).
    public var fifoPath: String?
    /// Use an existing FIFO (`fifoPath` or psplash's) even when another user owns it or its group
    /// or others may write to it; without this such a FIFO is refused, since whoever can write
    /// to it drives the overlay.
    public var trustsOthersFIFO = false
    /// A Unix stream socket to serve clients on (`--listen`): each client's commands, and the
    /// answers to them and the events back to it.
    public var controlSocketPath: String?
    /// The group given the control socket (`--listen-group`, a name or a number), with mode 0660;
    /// nil: the socket is 0600.
    public var controlSocketGroup: String?
    /// Read psplash's FIFO: `$PSPLASH_FIFO_DIR/psplash_fifo` (default /run).
    public var readsPsplashFIFO = false
    /// The first of psplash's own options given (`-n`, `--angle`, ...), which need `--psplash`.
    public var psplashSpelling: String?
    /// Also write rejected lines to stdout as `error line N: ...` events.
    public var reportsErrorsOnStdout = false
    /// `--events-to-stdout`: write the events on stdout in the zenity dialect too, where stdout
    /// is otherwise left as zenity leaves it, empty.
    public var asksForEventsOnStdout = false
    /// Exit when the process that started the overlay dies.
    public var exitsWithParent = false
    /// `--wait-for-display`: how long a start with no display yet waits for one; 0 not at all.
    public var waitForDisplaySeconds = 0.0
    /// `--systemd-progress`: the ring follows systemd's boot progress, and the overlay quits when
    /// the boot has finished.
    public var followsSystemdProgress = false
    /// The message shown at start; nil: `stockMessage` in the device's language.
    public var message: String?
    /// `--stock-message`: the stock text shown at start when no message is given.
    public var stockMessage = StockMessage.wait
    /// `--message-env`: the environment variable whose value, when set and not empty, is the
    /// message at start (read by the program as it starts).
    public var messageVariable: String?
    /// `--cancel`: a Cancel on the HUD (in the zenity dialect, unless `--no-cancel`, always).
    public var offersCancel = false
    /// `--cancel-label` (zenity's option, which serves `--cancel` too): the Cancel's label; nil:
    /// "Cancel" in the device's language.
    public var cancelLabel: String?
    /// `--on-cancel`: what a press of the Cancel does besides saying so.
    public var onCancel = CancelAction.keep
    /// `--speak`: say each new message and outcome aloud.
    public var speaks = false
    /// `--speak-every`: say what is shown again after this many seconds; 0: never.
    public var speakEverySeconds = 0.0
    /// `--lang`: the language of the stock texts and numbers, over the locale's.
    public var languageName: LocaleName?
    /// The locale the environment asks for (read by the program as it starts; none: English).
    public var localeEnvironment = LocaleEnvironment()
    /// The details line shown at start (empty: none).
    public var detail = ""
    /// Start with the HUD hidden until `show`.
    public var startsHidden = false
    /// Exit 0 at the end of input instead of keeping the last state on screen.
    public var exitsAtEndOfInput = false
    /// Fonts to use before the bundled ones, in order.
    public var fontPaths: [String] = []
    /// `--background`: on a bare screen, the opaque colour beneath the overlay; nil: black.
    public var backgroundColor: Color?
    /// `--logo`: the PNG drawn above the HUD, read when the program starts.
    public var logoPath: String?
    /// The display to cover, counting from 0.
    public var display = 0
    /// The X display to connect to (`--display :0`, GTK's and so zenity's spelling), instead of
    /// `$DISPLAY`; it also means X11 where `--backend auto` would pick Wayland.
    public var xDisplayName: String?
    /// Mirror the HUD on every display (`--display all`) instead of one.
    public var mirrorsOnAllDisplays = false
    /// The windowing system or display device to show on (`--backend`).
    public var backend = WindowingBackend.auto
    /// psplash's device number (`-f`, `-d N`): /dev/fbN, or with `--drm` /dev/dri/cardN; nil:
    /// /dev/fb0, and the first DRM card with a connected output.
    public var deviceNumber: Int?
    /// How the overlay is turned for a panel mounted turned.
    public var rotation = Rotation.upright
    /// Display pixels per overlay pixel; nil picks it from the display's DPI.
    public var scale: Int?
    /// The display's density; nil reads it from the size the display reports.
    public var dotsPerInch: Double?
    /// A plain window of this size instead of a fullscreen overlay; also the snapshot's size.
    public var windowSize: Size?
    /// The time of the snapshot's frame, in seconds after the commands were applied, fades and
    /// motion included; nil: the settled picture.
    public var snapshotAtSeconds: Double?
    /// The settings file given with `--config`.
    public var configPath: String?
    /// The rate of the fixed-step clock.
    public var ticksPerSecond = 60

    /// The snapshot's size when no `--window` is given.
    public static let defaultSnapshotSize = Size(width: 800, height: 480)
    /// The longest line of input kept, in bytes.
    public static let lineLimitBytes = 4096

    /// The default options.
    public init() {}

    /// What the overlay shows at start: the message, details and visibility asked for, or in
    /// the zenity dialect zenity's dialog at start (`ZenityProgressOptions.initialState`).
    public var initialState: HUDState {
        var state: HUDState
        if dialect == .zenity {
            state = zenity.initialState(visible: !startsHidden, message: message ?? language.saying(.running))
        } else {
            state = HUDState(isVisible: !startsHidden, message: message ?? language.saying(stockMessage.text))
        }
        state.detail = detail
        return state
    }

    /// A text as the options take it (`--message`, `--detail`): as the `msg` command takes it
    /// (`\n` a line break), with control characters cleaned away.
    public static func text(_ value: String) -> String {
        CommandParser.text(TextSanitizer.cleanKeepingLineBreaks(value))
    }

    /// The language of the stock texts: `--lang`'s, else the messages' locale (`LocaleEnvironment`).
    public var language: Language {
        Language(choosingFrom: languageName.map { [$0] } ?? localeEnvironment.messageLocales)
    }

    /// How the HUD writes numbers: as `--lang`'s language does, else the numeric locale.
    public var numberStyle: NumberStyle {
        NumberStyle(for: languageName ?? localeEnvironment.numericLocale)
    }

    /// The Cancel's label, or nil when the HUD has no Cancel: with `--cancel`, or in the zenity
    /// dialect unless `--no-cancel` (zenity's dialog has one); `--cancel-label`, by default
    /// "Cancel" in the device's language.
    public var shownCancelLabel: String? {
        guard dialect == .zenity ? !zenity.hidesCancel : offersCancel else { return nil }
        return cancelLabel ?? language.saying(.cancel)
    }

    /// How long zenity's full bar stays after the end of input, unasked.
    public static let zenityFullBarSeconds = 1.5

    /// Whether the events (`ready`, `shown`, ...) go to stdout: always, but in the zenity dialect
    /// only when `--events-to-stdout` asks (zenity writes nothing on stdout); the answers to
    /// questions asked (`ping`, `status` through the FIFO) go there anyway.
    public var writesEventsToStdout: Bool { dialect != .zenity || asksForEventsOnStdout }

    /// How each display is laid out (`--scale`, `--dpi`).
    public var layoutRule: LayoutRule { LayoutRule(scale: scale, dotsPerInch: dotsPerInch) }

    /// What the loop does besides drawing: exits, reports and where the events go.
    public var loopSettings: LoopPolicy.Settings {
        LoopPolicy.Settings(exitsAtEndOfInput: exitsAtEndOfInput, reportsErrorsOnStdout: reportsErrorsOnStdout,
                            zenity: zenityEndings, writesEventsToStdout: writesEventsToStdout,
                            estimatesTimeRemaining: dialect == .zenity && zenity.showsTimeRemaining, onCancel: onCancel,
                            speaks: speaks, speakEverySeconds: speakEverySeconds > 0 ? speakEverySeconds : nil)
    }

    /// How the overlay ends in zenity's place, in the zenity dialect (nil otherwise): with
    /// `--auto-close`, at 100 % and at the end of input; without, the full bar stays
    /// `--dismiss-after` seconds after the end of input (0 keeps it; unasked,
    /// `zenityFullBarSeconds`); `--timeout` if given.
    public var zenityEndings: LoopPolicy.ZenityEndings? {
        guard dialect == .zenity else { return nil }
        let hold = timing.dismissAfterSeconds ?? Self.zenityFullBarSeconds
        return LoopPolicy.ZenityEndings(autoCloses: zenity.autoCloses, fullBarSeconds: hold > 0 ? hold : nil,
                                        timeoutSeconds: zenity.timeoutSeconds.flatMap { $0 > 0 ? Double($0) : nil })
    }
}
