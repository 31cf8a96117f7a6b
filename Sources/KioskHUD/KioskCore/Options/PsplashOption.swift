/// psplash's own command-line options, accepted with `--psplash` so that a boot script's
/// `psplash -n -a 90 &` becomes `kiosk-spinner --psplash -n -a 90 &`. The spellings and values
/// are those of psplash.c's argument loop (given as separate arguments, as psplash takes them);
/// each is accepted with the effect it can have on this overlay, or refused with the reason.
enum PsplashOption: CaseIterable {
    /// `-n`, `--no-console-switch`: psplash stays on the current virtual terminal. The overlay
    /// never switches terminals, so this is what it always does.
    case noConsoleSwitch
    /// `-a`, `--angle 0|90|180|270`: the panel's mounting angle. psplash turns its picture the
    /// other way from `--rotate`: psplash's 90 is `--rotate 270`.
    case angle
    /// `-f`, `--fbdev`, `-d`, `--dev N`: psplash draws on /dev/fbN, or with `--drm` on
    /// /dev/dri/cardN; so does the overlay (`--backend fbdev`, or `drm` with `--drm`).
    case device
    /// `--drm`: psplash draws through DRM/KMS instead of the framebuffer; so does the overlay
    /// (`--backend drm`).
    case drm
    /// `--drm-lease NAME`: psplash draws on a DRM lease. Refused: the overlay cannot take one.
    case drmLease

    /// The spellings psplash accepts.
    var spellings: [String] {
        switch self {
        case .noConsoleSwitch: return ["-n", "--no-console-switch"]
        case .angle: return ["-a", "--angle"]
        case .device: return ["-f", "--fbdev", "-d", "--dev"]
        case .drm: return ["--drm"]
        case .drmLease: return ["--drm-lease"]
        }
    }

    /// What the value looks like, or nil for a flag.
    var expectedValue: String? {
        switch self {
        case .noConsoleSwitch, .drm: return nil
        case .angle: return "0|90|180|270"
        case .device: return "0..9"
        case .drmLease: return "NAME"
        }
    }

    /// One line of help.
    var summary: String {
        switch self {
        case .noConsoleSwitch: return "accepted; the overlay never switches the console"
        case .angle: return "psplash's panel angle: 90 is --rotate 270, 270 is --rotate 90"
        case .device: return "draw on /dev/fbN (--backend fbdev), or with --drm on /dev/dri/cardN"
        case .drm: return "draw through DRM/KMS (--backend drm)"
        case .drmLease: return "refused: the overlay cannot draw on a DRM lease"
        }
    }

    /// The option `spelling` names, or nil when it is none of psplash's.
    init?(spelling: String) {
        guard let option = Self.allCases.first(where: { $0.spellings.contains(spelling) }) else { return nil }
        self = option
    }

    /// psplash's angle turned into the overlay's rotation: psplash turns its picture
    /// counter-clockwise by the angle (psplash-fb.c puts the picture's top-left corner at the
    /// panel's bottom-left for 90), `--rotate` clockwise.
    static let rotations: [String: Rotation] = ["0": .upright, "90": .threeQuarters, "180": .half, "270": .quarter]

    /// Sets what this option, given as `spelling`, controls in `options` from `value` (ignored
    /// for a flag).
    func apply(_ spelling: String, value: String, to options: inout LaunchOptions) throws(OptionError) {
        options.psplashSpelling = options.psplashSpelling ?? spelling
        switch self {
        case .noConsoleSwitch:
            return
        case .drm:
            options.backend = .drm
        case .angle:
            guard let rotation = Self.rotations[value] else {
                throw .invalidValue(option: spelling, value: value, expected: "0, 90, 180 or 270")
            }
            options.rotation = rotation
        case .device:
            // psplash reads the number with atoi and takes 0 to 9.
            guard value.count == 1, let number = Int(value) else {
                throw .invalidValue(option: spelling, value: value, expected: "a device number from 0 to 9")
            }
            options.deviceNumber = number
            if options.backend != .drm { options.backend = .fbdev }
        case .drmLease:
            throw .unsupported(option: spelling, value: value, reason: "kiosk-spinner cannot draw on a DRM lease")
        }
    }
}
