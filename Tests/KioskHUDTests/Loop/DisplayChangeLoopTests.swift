import KioskCore
@testable import KioskHUD
import Testing

/// A display that changes under the running overlay (a panel resized, turned, given another
/// density), as the backend's wait reports it: the HUD is laid out for the new screen and drawn
/// whole at the tick of the change, whatever the overlay was doing (shown, blocking, fading,
/// hidden), and what it holds and says stays true.
@Suite struct DisplayChangeLoopTests {
    private static let noFade = ["--fade", "0"]
    private static let fullHD = Size(width: 1920, height: 1080)
    private static let xga = Size(width: 1024, height: 768)

    /// The display `size` reporting `millimetres` (nil: none), as a backend opens it.
    private static func display(_ size: Size, millimetres: Size? = nil) -> OpenedDisplay {
        OpenedDisplay(logicalSize: size, profile: DisplayProfile(pixels: size, reportedMillimetres: millimetres))
    }

    /// Whether `hud` lies in the middle of `screen`, to a pixel.
    private func isCentred(_ hud: PixelRect?, on screen: Size) -> Bool {
        guard let hud else { return false }
        return abs(hud.x + hud.width / 2 - screen.width / 2) <= 1 && abs(hud.y + hud.height / 2 - screen.height / 2) <= 1
    }

    /// The drawings of display 0 at exactly `seconds`.
    private func drawings(_ run: InProcessOverlay, at seconds: Double) -> [Frame] {
        run.backend.drawings.filter { $0.display == 0 && $0.seconds == seconds }.map(\.frame)
    }

    @Test func aScreenShrunkWhileShownIsDrawnCentredOnItAtOnce() throws {
        let run = try InProcessOverlay.run(Self.noFade, displays: [Self.fullHD], [
            .input(1, .displayChanged(0, Self.display(Self.xga))), .host(2, "quit"),
        ])
        #expect(isCentred(run.backend.frame(at: 0.5)?.panel?.hud, on: Self.fullHD))
        let atChange = drawings(run, at: 1)
        #expect(atChange.count == 1, "one whole frame at the change, though the picture is the same")
        #expect(isCentred(atChange.first?.panel?.hud, on: Self.xga), "\(String(describing: atChange.first?.panel?.hud))")
        #expect(run.reports.isEmpty)
    }

    /// Blocking, the panel turned to portrait: the backdrop and the input claim still cover
    /// everything, the HUD is centred on the portrait screen, and the block stays held.
    @Test func aPanelTurnedWhileBlockingStaysCoveredAndHeld() throws {
        let portrait = Size(width: 768, height: 1024)
        let run = try InProcessOverlay.run(Self.noFade, displays: [Self.xga], [
            .host(0.5, "block"), .input(1, .displayChanged(0, Self.display(portrait))), .host(1.5, "status"), .host(2, "quit"),
        ])
        let frame = try #require(drawings(run, at: 1).first)
        #expect(frame.visible == .everything && frame.input == .everything)
        #expect(frame.panel?.backdrop != nil)
        #expect(isCentred(frame.panel?.hud, on: portrait))
        #expect(run.backend.holds.map(\.wanted) == [true], "held from the block on, never let go at the change")
        #expect(run.statuses.first?.hasPrefix("visible=1 blocked=1 grab=held shown=1 ") == true)
    }

    /// A change in the middle of a fade-out: the fading frames are laid out for the new screen
    /// and the fade ends when it would have.
    @Test func aChangeWhileFadingOutKeepsTheFadeAndMovesTheHUD() throws {
        let run = try InProcessOverlay.run(["--fade", "200"], displays: [Self.fullHD], [
            .host(1, "hide"), .input(1.1, .displayChanged(0, Self.display(Self.xga))), .host(2, "quit"),
        ])
        let fading = try #require(drawings(run, at: 1.1).first?.panel)
        #expect(fading.opacity > 0 && fading.opacity < 1, "still fading: \(fading.opacity)")
        #expect(isCentred(fading.hud, on: Self.xga))
        #expect(run.output.filter { $0.line == "hidden" }.map(\.seconds) == [1.2])
        #expect(run.backend.frame(at: 1.5)?.panel == nil)
    }

    /// Hidden when the screen changes: nothing is drawn for it then, and the next `show` is
    /// laid out for the new screen.
    @Test func aChangeWhileHiddenIsLaidOutWhenShown() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--start-hidden"], displays: [Self.fullHD], [
            .input(1, .displayChanged(0, Self.display(Self.xga))), .host(2, "show"), .host(3, "quit"),
        ])
        #expect(drawings(run, at: 1).allSatisfy { $0.panel == nil })
        #expect(isCentred(run.backend.frame(at: 2)?.panel?.hud, on: Self.xga))
    }

    /// The same panel size given twice the pixels (a HiDPI mode): the layout takes the new
    /// density, so the HUD keeps its size on the glass, about twice as many pixels across.
    @Test func aDenserModeIsLaidOutForItsDensity() throws {
        let glass = Size(width: 344, height: 194)
        let uhd = Size(width: 3840, height: 2160)
        let run = try InProcessOverlay.run(Self.noFade, displays: [Self.fullHD], [
            .input(0.5, .displayChanged(0, Self.display(Self.fullHD, millimetres: glass))),
            .input(1, .displayChanged(0, Self.display(uhd, millimetres: glass))), .host(2, "quit"),
        ])
        let before = try #require(drawings(run, at: 0.5).first?.panel?.hud)
        let after = try #require(drawings(run, at: 1).first?.panel?.hud)
        #expect(isCentred(after, on: uhd))
        let ratio = Double(after.width) / Double(before.width)
        #expect(ratio > 1.7 && ratio < 2.3, "\(before) then \(after)")
    }

    /// With two displays, a change of the second leaves the first as it was (no frame drawn
    /// again there). The change comes between two of the wheel's steps (each 5 ticks of 60).
    @Test func aChangeOfOneDisplayLeavesTheOtherAlone() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--display", "all"], displays: [Self.xga, Self.fullHD], [
            .input(1.05, .displayChanged(1, Self.display(Self.xga))), .host(2, "quit"),
        ])
        let atChange = run.backend.drawings.filter { $0.seconds == 1.05 }
        #expect(atChange.map(\.display) == [1])
        #expect(isCentred(atChange.first?.frame.panel?.hud, on: Self.xga))
    }

    /// The last display gone while blocking: `hidden`, one line, `status` says `shown=0` (the
    /// block is still asked for), nothing drawn; back, `shown` and a whole frame.
    @Test func theLastDisplayGoneIsShownNowhereAndSaidSo() throws {
        let run = try InProcessOverlay.run(Self.noFade, displays: [Self.xga], [
            .host(0.5, "block"), .input(1, .displayGone(0, "the output HDMI-1 is gone")), .host(1.5, "status"),
            .input(2, .displayChanged(0, Self.display(Self.fullHD))), .host(2.5, "status"), .host(3, "quit"),
        ])
        #expect(run.output.filter { ["shown", "hidden"].contains($0.line) }.map { "\($0.seconds) \($0.line)" }
                == ["0.0 shown", "1.0 hidden", "2.0 shown"])
        #expect(run.reports.map(\.line) == ["the output HDMI-1 is gone", "the display is back"])
        #expect(run.statuses.map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
                == ["visible=1 blocked=1 grab=held shown=0", "visible=1 blocked=1 grab=held shown=1"])
        #expect(!run.backend.drawings.contains { $0.seconds > 1 && $0.seconds < 2 }, "nothing drawn while gone")
        #expect(isCentred(drawings(run, at: 2).first?.panel?.hud, on: Self.fullHD))
    }

    /// One display of two gone: the other still shows the HUD, so it is still shown; the gone
    /// one is drawn nothing.
    @Test func oneDisplayOfTwoGoneLeavesTheHUDShownOnTheOther() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--display", "all"], displays: [Self.xga, Self.fullHD], [
            .input(1.05, .displayGone(1, "display 1 is gone")), .host(1.5, "status"), .host(3, "quit"),
        ])
        #expect(!run.lines.contains("hidden"))
        #expect(run.statuses.first?.contains(" shown=1 ") == true)
        #expect(!run.backend.drawings.contains { $0.display == 1 && $0.seconds >= 1.05 })
        #expect(run.backend.drawings.contains { $0.display == 0 && $0.seconds > 1.05 }, "the wheel turns on display 0")
    }

    /// An output plugged in while blocking on every display: it is covered and takes input at
    /// the tick it comes, with its HUD centred, and one line says so.
    @Test func aDisplayPluggedInWhileBlockingIsCoveredAtOnce() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--display", "all"], displays: [Self.xga], [
            .host(0.5, "block"), .input(1.05, .displayAdded(Self.display(Self.fullHD), "display 1 was plugged in")),
            .host(1.5, "status"), .host(2, "quit"),
        ])
        let added = try #require(run.backend.drawings.first { $0.display == 1 })
        #expect(added.seconds == 1.05)
        #expect(added.frame.visible == .everything && added.frame.input == .everything && added.frame.panel?.backdrop != nil)
        #expect(isCentred(added.frame.panel?.hud, on: Self.fullHD))
        #expect(run.reports.map(\.line) == ["display 1 was plugged in"])
        #expect(run.statuses.first?.hasPrefix("visible=1 blocked=1 grab=held shown=1 ") == true)
    }

    /// The only output gone, then another plugged in: `hidden`, then `shown` on the new one.
    @Test func anOutputPluggedInAfterTheLastWentShowsTheHUDAgain() throws {
        let run = try InProcessOverlay.run(Self.noFade + ["--display", "all"], displays: [Self.xga], [
            .input(1, .displayGone(0, "display 0 is gone")), .input(2, .displayAdded(Self.display(Self.fullHD), "display 1 was plugged in")),
            .host(2.5, "status"), .host(3, "quit"),
        ])
        #expect(run.output.filter { ["shown", "hidden"].contains($0.line) }.map(\.seconds) == [0, 1, 2])
        #expect(run.statuses.first?.contains(" shown=1 ") == true)
        #expect(!run.backend.drawings.contains { $0.display == 0 && $0.seconds >= 1 })
        #expect(isCentred(run.backend.frame(at: 2, display: 1)?.panel?.hud, on: Self.fullHD))
    }
}
