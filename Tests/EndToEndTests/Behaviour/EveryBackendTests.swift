import Testing
import KioskTestSupport

/// A promise every display backend keeps, as Tests/BackendContract.txt names it: that list is
/// the contract, run here on each backend that can start here (`BackendHarness.Kind`) and by the
/// QEMU stage on DRM and fbdev.
enum BackendPromise: String, CaseIterable, CustomTestStringConvertible {
    case hudCentred = "hud-centred"
    case hideClears = "hide-clears"
    case blockDimsAndSays = "block-dims-and-says"
    case quitExitsZero = "quit-exits-zero"
    case displayLostExitsFour = "display-lost-exits-four"
    case screenChangeFollowed = "screen-change-followed"

    /// The promises Tests/BackendContract.txt lists, by name, in its order.
    static let listed: [String] = {
        guard let contract = try? PackageFile.text("Tests/BackendContract.txt") else { return [] }
        return contract.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }()

    var testDescription: String { rawValue }
}

/// What the overlay promises on every display backend, each promise of the contract run on each
/// backend that can start here: the HUD centred, `hide` leaving the screen as it was, `block`
/// dimming the screen and holding input (and `status` saying so only where it holds: `partial`
/// on Xwayland, for the grab and for the HUD's place on top), `quit`, the display's loss, and a
/// screen changed to another size under a block.
@Suite("Every backend keeps the overlay's promises", .timeLimit(.minutes(3)))
struct EveryBackendTests {
    /// The backends that can run here.
    static let kinds = BackendHarness.Kind.allCases.filter { $0.unavailableReason == nil }

    /// The contract's promises, from its file (one it names that has no test here fails below).
    static let promises = BackendPromise.listed.compactMap(BackendPromise.init(rawValue:))

    @Test func theContractListsEveryPromiseTestedHereAndNoOther() {
        #expect(BackendPromise.listed == BackendPromise.allCases.map(\.rawValue))
    }

    @Test(arguments: promises, kinds)
    func keeps(_ promise: BackendPromise, on kind: BackendHarness.Kind) async throws {
        switch promise {
        case .hudCentred: try await theHUDIsCentredAndHUDSized(on: kind)
        case .hideClears: try await hideLeavesEveryPixelAsItWas(on: kind)
        case .blockDimsAndSays: try await blockDimsTheScreenAndStatusSaysWhatTheGrabAndTheStackingHold(on: kind)
        case .quitExitsZero: try await quitExitsZeroAtOnce(on: kind)
        case .displayLostExitsFour: try await losingTheDisplayExitsFourWithOneLine(on: kind)
        case .screenChangeFollowed: try await aScreenChangedUnderABlockIsFollowedWhole(on: kind)
        }
    }

    private func theHUDIsCentredAndHUDSized(on kind: BackendHarness.Kind) async throws {
        let harness = try await BackendHarness.start(kind, ["--message", "Receiving ECG..."])
        defer { harness.stop() }
        let hud = try await harness.waitForHUD()
        #expect(abs(hud.x + hud.width / 2 - harness.size.width / 2) <= 2, "HUD \(hud) centred across")
        #expect(abs(hud.y + hud.height / 2 - harness.size.height / 2) <= 2, "HUD \(hud) centred down")
        #expect(hud.width >= 100 && hud.height >= 100 && hud.width < harness.size.width / 2, "HUD \(hud) is HUD-sized")
    }

    private func hideLeavesEveryPixelAsItWas(on kind: BackendHarness.Kind) async throws {
        let harness = try await BackendHarness.start(kind)
        defer { harness.stop() }
        _ = try await harness.waitForHUD()
        #expect(try await harness.status(after: ["hide"]).hasPrefix("visible=0 "))
        try await Poll.until("nothing drawn after hide") { try await harness.picture().box(differingFrom: harness.background) == nil }
    }

    private func blockDimsTheScreenAndStatusSaysWhatTheGrabAndTheStackingHold(on kind: BackendHarness.Kind) async throws {
        let harness = try await BackendHarness.start(kind)
        defer { harness.stop() }
        let hud = try await harness.waitForHUD()
        let dimmed = WaylandTests.blend(WaylandTests.backdrop.color, alpha: WaylandTests.backdrop.alpha, over: harness.background)
        let corner = ScreenPoint(x: 10, y: harness.size.height - 10)
        _ = try await harness.status(after: ["block"])
        try await Poll.until("the backdrop to dim the screen to \(dimmed)") {
            try await harness.picture().color(at: corner).isClose(to: dimmed, tolerance: 4)
        }
        try await Poll.until("status to say grab=\(kind.blockingGrab) above=\(kind.stacking) backend=\(kind.backendName)") {
            try await harness.status().hasPrefix(
                "visible=1 blocked=1 grab=\(kind.blockingGrab) shown=1 stalled=0 above=\(kind.stacking) backend=\(kind.backendName) ")
        }
        _ = try await harness.status(after: ["unblock"])
        try await Poll.until("the screen undimmed, the HUD left") {
            let picture = try await harness.picture()
            return picture.color(at: corner).isClose(to: harness.background, tolerance: 4)
                && picture.box(differingFrom: harness.background) == hud
        }
    }

    private func quitExitsZeroAtOnce(on kind: BackendHarness.Kind) async throws {
        let harness = try await BackendHarness.start(kind)
        defer { harness.stop() }
        try await harness.send("quit")
        #expect(try await harness.program.ending(within: 2) == .exited(0))
        #expect(harness.program.errors.text == kind.startupReport)
    }

    private func losingTheDisplayExitsFourWithOneLine(on kind: BackendHarness.Kind) async throws {
        let harness = try await BackendHarness.start(kind)
        defer { harness.stop() }
        _ = try await harness.waitForHUD()
        harness.killDisplay()
        #expect(try await harness.program.ending(within: 5) == .exited(4))
        let report = harness.program.errors.text.dropFirst(kind.startupReport.count)
        #expect(report.split(separator: "\n").count == 1 && report.contains("lost the connection"), "\(harness.program.errors.text)")
    }

    /// A backdrop of a colour no background has (a blue, mostly opaque), so that a strip of the
    /// screen left undimmed shows on black backgrounds too.
    private static let blueBackdrop = (color: ScreenColor(red: 0x20, green: 0x60, blue: 0xC0), alpha: 0xB3)

    /// The size the screen changes to under the block: smaller than every kind's screen, as a
    /// nested compositor's window cannot outgrow its X server.
    private static let changedScreenSize = (width: 800, height: 600)

    private func aScreenChangedUnderABlockIsFollowedWhole(on kind: BackendHarness.Kind) async throws {
        let backdrop = Self.blueBackdrop
        let option = String(format: "#%02X%02X%02X%02X", backdrop.color.red, backdrop.color.green, backdrop.color.blue, backdrop.alpha)
        // At one density: what a screen reports of its millimetres may change with its size
        // (Xephyr's does, oddly), and the HUD is laid out anew for it; the promise is the place.
        let harness = try await BackendHarness.start(kind, ["--backdrop", option, "--dpi", "96"], resizableScreen: true)
        defer { harness.stop() }
        let dimmed = WaylandTests.blend(backdrop.color, alpha: backdrop.alpha, over: harness.background)
        _ = try await harness.status(after: ["block"])
        _ = try await OutputPicture.waitForCentredHUD(width: harness.size.width, height: harness.size.height, over: dimmed,
                                                      in: harness.picture)
        try await harness.changeScreen(to: Self.changedScreenSize)
        _ = try await OutputPicture.waitForCentredHUD(width: harness.size.width, height: harness.size.height, over: dimmed,
                                                      in: harness.picture)
        let status = try await harness.status()
        #expect(status.hasPrefix("visible=1 blocked=1 grab=\(kind.blockingGrab) shown=1 "), "\(status)")
    }
}
