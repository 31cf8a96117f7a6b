import KioskCore
@testable import KioskHUD
import Testing

/// Another client takes the overlay's window from the top (unmaps, lowers or destroys it, or
/// maps a window above it) while it shows, and the backend puts it back: the host hears
/// `above-lost` and `above-held` once for each time, `status` says `above=lost` in between and
/// what the display promises again after, and nothing else of the state changes.
@Suite struct WindowCoveredLoopTests {
    private static let noFade = ["--fade", "0"]

    /// The `above=` word of each status line the run answered.
    private func aboveWords(_ run: InProcessOverlay) -> [String] {
        run.statuses.map { status in
            String(status.split(separator: " ").first { $0.hasPrefix("above=") }?.dropFirst("above=".count) ?? "")
        }
    }

    @Test func aWindowTakenFromTheTopWhileBlockingIsSaidAndSoIsItsReturn() throws {
        let run = try InProcessOverlay.run(Self.noFade, [
            .host(0.5, "block"), .input(1, .windowCovered(0)), .host(1.5, "status"),
            .input(2, .windowOnTopAgain(0)), .host(2.5, "status"), .host(3, "quit"),
        ])
        #expect(run.output.filter { $0.line.hasPrefix("above-") }.map(\.description) == ["1.0: above-lost", "2.0: above-held"])
        #expect(aboveWords(run) == ["lost", "held"])
        #expect(run.statuses.allSatisfy { $0.hasPrefix("visible=1 blocked=1 grab=held shown=1 ") })
        #expect(run.reports.isEmpty)
    }

    @Test func aWindowTakenAgainBeforeItIsBackIsSaidOnce() throws {
        let run = try InProcessOverlay.run(Self.noFade, [
            .input(1, .windowCovered(0)), .input(1.2, .windowCovered(0)), .input(2, .windowOnTopAgain(0)),
            .input(2.2, .windowOnTopAgain(0)), .host(3, "quit"),
        ])
        #expect(run.lines.filter { $0.hasPrefix("above-") } == ["above-lost", "above-held"])
    }

    /// With `--display all`, the HUD is on top again only once every display's window is.
    @Test func everyDisplaysWindowMustBeBackBeforeTheHUDIsOnTopAgain() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--display", "all"],
                                           displays: [Size(width: 800, height: 480), Size(width: 1024, height: 600)], [
            .input(1, .windowCovered(0)), .input(1.1, .windowCovered(1)), .input(2, .windowOnTopAgain(1)),
            .host(2.5, "status"), .input(3, .windowOnTopAgain(0)), .host(3.5, "status"), .host(4, "quit"),
        ])
        #expect(run.output.filter { $0.line.hasPrefix("above-") }.map(\.description) == ["1.0: above-lost", "3.0: above-held"])
        #expect(aboveWords(run) == ["lost", "held"])
    }

    /// Where the display promises only `partial`, that is what `status` says again once back.
    @Test func backOnTopSaysWhatTheDisplayPromises() throws {
        let run = try InProcessOverlay.run(Self.noFade, stacking: .partial, [
            .host(0.5, "status"), .input(1, .windowCovered(0)), .host(1.5, "status"), .input(2, .windowOnTopAgain(0)),
            .host(2.5, "status"), .host(3, "quit"),
        ])
        #expect(aboveWords(run) == ["partial", "lost", "partial"])
    }

    /// A window destroyed and made again is drawn whole on the new one at once, still blocking.
    @Test func aWindowMadeAgainIsDrawnWholeAtOnce() throws {
        let size = Size(width: 800, height: 480)
        let display = OpenedDisplay(logicalSize: size, profile: DisplayProfile(pixels: size, reportedMillimetres: nil))
        let run = try InProcessOverlay.run(Self.noFade, [
            .host(0.5, "block"), .input(1.05, .windowCovered(0)), .input(1.05, .displayChanged(0, display)),
            .input(1.2, .windowOnTopAgain(0)), .host(1.5, "status"), .host(2, "quit"),
        ])
        let remade = try #require(run.backend.drawings.first { $0.seconds == 1.05 })
        #expect(remade.frame.visible == .everything && remade.frame.input == .everything)
        #expect(run.statuses.first?.hasPrefix("visible=1 blocked=1 grab=held shown=1 ") == true)
        #expect(run.lines.filter { $0.hasPrefix("above-") } == ["above-lost", "above-held"])
    }
}
