import Foundation
import KioskTestSupport
import Testing

/// `--snapshot` with `--dpi N` shows what a panel of N dpi shows: the snapshot and the live
/// overlay lay out through the same display rule, so at one density the two pictures are the
/// same to the pixel (the snapshot, transparent around the HUD, laid over the black screen).
@Suite("A snapshot at a density is the live picture at that density", .timeLimit(.minutes(2)))
struct SnapshotMatchesLiveTests {
    /// A progress ring instead of the wheel, so nothing moves between the two pictures.
    static let commands = ["msg Receiving ECG...", "progress 40"]
    /// A chosen fill: on a bare X server the theme's fill is frosted over the screen it reads
    /// (lighter, over it blurred), which a snapshot, reading nothing, does not show.
    static let fill = ["--hud-color", "#1C1C1EF2"]

    @Test func aSnapshotAtTheServersDensityIsTheLivePicture() async throws {
        let screen = try await VirtualScreen.start(width: 1920, height: 1080, dotsPerInch: 200)
        defer { screen.stop() }
        let overlay = try LiveOverlay.start(on: screen, ["--fade", "0"] + Self.fill)
        defer { overlay.stop() }
        _ = try await overlay.status(after: Self.commands)
        let live = try #require(overlay.x.colors(in: ScreenRect(x: 0, y: 0, width: 1920, height: 1080)))

        let snapshot = try await Self.snapshot(["--dpi", "200", "--window", "1920x1080"] + Self.fill.map { "'\($0)'" }, commands: Self.commands)
        let liveBox = try #require(Self.box(of: live, width: 1920))
        let snapshotBox = try #require(Self.box(of: snapshot, width: 1920))
        #expect(liveBox == snapshotBox, "the HUD lies at \(liveBox) live and at \(snapshotBox) in the snapshot")
        // A straight-alpha PNG turned back into premultiplied colour may round by one.
        let differing = zip(live, snapshot).filter { !$0.isClose(to: $1, tolerance: 2) }.count
        #expect(differing == 0, "\(differing) pixels differ by more than 2 in a channel")
    }

    /// A device maker's logo, drawn live on X as in the snapshot; a `logo` line naming no PNG is
    /// reported in one line and the logo stays. The logo is itself a snapshot: a blue HUD with a
    /// message, transparent around it.
    @Test func aLogoIsDrawnLiveAsInTheSnapshotAndABadLogoLineKeepsIt() async throws {
        let folder = try TemporaryFolder()
        let logo = folder.path("logo.png")
        let spinner = try SpinnerExecutable.url().path
        let drawn = try await ChildProcess.run("sh", ["-c", "echo 'progress 100' | '\(spinner)' --snapshot '\(logo)' --window 360x160 "
                                                   + "--hud-color '#0A84FFFF' --message 'ACME Medical'"],
                                               environment: ChildProcess.environment(display: nil), within: 60)
        #expect(drawn.ending == .exited(0), "\(drawn.errors)")
        let screen = try await VirtualScreen.start(width: 1280, height: 800, dotsPerInch: 150)
        defer { screen.stop() }
        let arguments = ["--fade", "0", "--logo", logo] + Self.fill
        let overlay = try LiveOverlay.start(on: screen, arguments)
        defer { overlay.stop() }
        _ = try await overlay.status(after: Self.commands + ["logo \(folder.path("missing.png"))"])
        let live = try #require(overlay.x.colors(in: ScreenRect(x: 0, y: 0, width: 1280, height: 800)))
        #expect(overlay.program.errors.text.contains(
            "line 3: \"logo\" cannot be shown: \(folder.path("missing.png")): No such file or directory\n"))

        let snapshot = try await Self.snapshot(["--dpi", "150", "--window", "1280x800"] + arguments.map { "'\($0)'" },
                                               commands: Self.commands)
        let logoBlue = ScreenColor(red: 0x0A, green: 0x84, blue: 0xFF)
        let blueRows = Set(snapshot.indices.filter { snapshot[$0] == logoBlue }.map { $0 / 1280 })
        let hud = try #require(Self.box(of: snapshot, width: 1280))
        #expect(blueRows.count > 20 && (blueRows.min() ?? 0) - hud.y <= 2, "the logo tops what is drawn, the HUD under it")
        let differing = zip(live, snapshot).filter { !$0.isClose(to: $1, tolerance: 2) }.count
        #expect(differing == 0, "\(differing) pixels differ by more than 2 in a channel")
    }

    /// The snapshot of `commands` with `arguments` (words for the shell), laid over black, row
    /// by row.
    static func snapshot(_ arguments: [String], commands: [String]) async throws -> [ScreenColor] {
        let folder = try TemporaryFolder()
        let png = folder.path("snapshot.png"), ppm = folder.path("snapshot.ppm")
        let spinner = try SpinnerExecutable.url().path
        let tools = PackageFile.root.appendingPathComponent("Tests/Tools/png-to-ppm").path
        let script = "printf '%s\\n' \"$@\" | '\(spinner)' --snapshot '\(png)' \(arguments.joined(separator: " "))"
            + " && '\(tools)' '\(png)' > '\(ppm)'"
        let finished = try await ChildProcess.run("sh", ["-c", script, "sh"] + commands,
                                                  environment: ChildProcess.environment(display: nil), within: 60)
        #expect(finished.ending == .exited(0), "\(finished.errors)")
        let picture = try OutputPicture(ppm: Data(contentsOf: URL(fileURLWithPath: ppm)))
        return (0..<picture.height).flatMap { y in (0..<picture.width).map { picture.color(at: ScreenPoint(x: $0, y: y)) } }
    }

    /// The smallest rectangle holding every pixel that is not black.
    static func box(of colors: [ScreenColor], width: Int) -> ScreenRect? {
        let lit = colors.indices.filter { colors[$0] != .black }
        guard let first = lit.first, let last = lit.last else { return nil }
        let columns = lit.map { $0 % width }
        let left = columns.min() ?? 0, right = columns.max() ?? 0
        return ScreenRect(x: left, y: first / width, width: right - left + 1, height: last / width - first / width + 1)
    }
}
