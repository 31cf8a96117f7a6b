import Testing
@testable import KioskCore

/// psplash's command line (psplash.c's argument loop), taken with `--psplash`.
@Suite struct PsplashOptionTests {
    @Test(arguments: [
        (["-n"], Rotation.upright),
        (["--no-console-switch"], .upright),
        (["-a", "0"], .upright),
        (["-a", "90"], .threeQuarters),
        (["--angle", "180"], .half),
        (["--angle", "270"], .quarter),
        (["-f", "0"], .upright),
        (["--fbdev", "0"], .upright),
        (["-d", "0"], .upright),
        (["--dev", "0"], .upright),
        (["--drm"], .upright),
        (["-n", "-a", "90", "-f", "0", "--drm"], .threeQuarters),
        (["--rotate", "90", "--angle", "90"], .threeQuarters),
        (["--angle", "90", "--rotate", "90"], .quarter),
    ] as [([String], Rotation)])
    func psplashsSpellingsAreAcceptedWithPsplash(spellings: [String], rotation: Rotation) throws {
        for arguments in [["--psplash"] + spellings, spellings + ["--psplash"]] {
            let options = try OptionParser.parse(arguments)
            #expect(options.readsPsplashFIFO && options.rotation == rotation, "\(arguments)")
        }
    }

    /// psplash turns its picture counter-clockwise by its angle (psplash-fb.c puts the picture's
    /// top-left corner at the panel's bottom-left for 90); `--rotate` turns it clockwise.
    @Test(arguments: PsplashOption.rotations.sorted { $0.key < $1.key })
    func psplashsAngleTurnsTheOtherWayFromRotate(angle: String, rotation: Rotation) {
        let logical = Size(width: 480, height: 800)
        let topLeft = rotation.displayPoint(x: 0, y: 0, logical: logical)
        let panel = rotation.swapsSides ? Size(width: 800, height: 480) : logical
        // psplash-fb.c's psplash_fb_plot_pixel for (0, 0): the panel column and row it writes.
        let psplashTopLeft: (x: Int, y: Int) = switch angle {
        case "90": (0, panel.height - 1)
        case "180": (panel.width - 1, panel.height - 1)
        case "270": (panel.width - 1, 0)
        default: (0, 0)
        }
        #expect(topLeft == psplashTopLeft, "psplash -a \(angle)")
    }

    @Test(arguments: [
        (["--psplash", "-a", "45"], OptionError.invalidValue(option: "-a", value: "45", expected: "0, 90, 180 or 270")),
        (["--psplash", "--angle"], .missingValue(option: "--angle", expected: "0|90|180|270")),
        (["--psplash", "-f", "10"], .invalidValue(option: "-f", value: "10", expected: "a device number from 0 to 9")),
        (["--psplash", "--dev", "fb1"], .invalidValue(option: "--dev", value: "fb1", expected: "a device number from 0 to 9")),
        (["--psplash", "--drm-lease", "x"], .unsupported(option: "--drm-lease", value: "x", reason: "kiosk-spinner cannot draw on a DRM lease")),
        (["-n"], .needsOther(option: "-n", other: "--psplash")),
        (["--drm", "--angle", "90"], .needsOther(option: "--drm", other: "--psplash")),
        (["--psplash", "--fifo", "/run/k"], .conflict(first: "--fifo", second: "--psplash", reason: "both name the FIFO to read; give one")),
        (["--fifo", "/run/k", "--psplash"], .conflict(first: "--fifo", second: "--psplash", reason: "both name the FIFO to read; give one")),
        (["--psplash", "--angle=90"], .unknownOption("--angle")),
    ] as [([String], OptionError)])
    func whatCannotWorkIsRefused(arguments: [String], expected: OptionError) {
        #expect(throws: expected) { try OptionParser.parse(arguments) }
    }

    /// psplash's device options choose where it draws: `-f N` alone /dev/fbN, with `--drm`
    /// /dev/dri/cardN, in either order; `--drm` alone DRM on the first card with an output.
    @Test(arguments: [
        (["-f", "1"], WindowingBackend.fbdev, 1 as Int?),
        (["--fbdev", "0"], .fbdev, 0),
        (["-d", "2", "--drm"], .drm, 2),
        (["--drm", "--dev", "1"], .drm, 1),
        (["--drm"], .drm, nil),
        (["-n", "-a", "90"], .auto, nil),
    ] as [([String], WindowingBackend, Int?)])
    func psplashsDeviceOptionsChooseTheBackendAndDevice(spellings: [String], backend: WindowingBackend, device: Int?) throws {
        let options = try OptionParser.parse(["--psplash"] + spellings)
        #expect(options.backend == backend && options.deviceNumber == device, "\(spellings)")
    }

    @Test func aRefusedCombinationIsOneLineWithoutTheUsage() {
        let errors: [OptionError] = [.conflict(first: "--fifo", second: "--psplash", reason: "r"),
                                     .needsOther(option: "-n", other: "--psplash"),
                                     .unsupported(option: "-f", value: "1", reason: "r")]
        for error in errors { #expect(!error.callsForUsage && !error.description.contains("\n"), "\(error)") }
        #expect(OptionError.unknownOption("--x").callsForUsage)
    }

    @Test func noSpellingOfPsplashsIsOneOfOurOptions() {
        let ours = Set(Option.allCases.map(\.rawValue))
        #expect(ours.isDisjoint(with: PsplashOption.allCases.flatMap(\.spellings)))
    }

    @Test func theHelpListsEverySpelling() {
        for spelling in PsplashOption.allCases.flatMap(\.spellings) { #expect(Usage.text.contains(spelling)) }
    }
}
