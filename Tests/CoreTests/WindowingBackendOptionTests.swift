import Testing
@testable import KioskCore

/// `--backend`: which windowing system the overlay shows on.
struct WindowingBackendOptionTests {
    @Test func backendDefaultsToAutoAndIsChosenByName() throws {
        #expect(try OptionParser.parse([]).backend == .auto)
        #expect(try OptionParser.parse(["--backend", "wayland"]).backend == .wayland)
        #expect(try OptionParser.parse(["--backend=X11"]).backend == .x11)
    }

    @Test func anUnknownBackendIsRefusedNamingTheChoices() {
        #expect(throws: OptionError.invalidValue(option: "--backend", value: "gtk", expected: "auto|x11|wayland|drm|fbdev")) {
            try OptionParser.parse(["--backend", "gtk"])
        }
    }

    @Test func theBackendIsWrittenAsASetting() throws {
        #expect(Option.backend.settingValue(in: try OptionParser.parse(["--backend", "wayland"])) == ["wayland"])
    }
}
