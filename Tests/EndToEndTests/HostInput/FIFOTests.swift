import Foundation
import Testing

/// `--fifo PATH` and `--psplash`: commands from writers that take turns on a named FIFO.
@Suite("Commands on a named FIFO", .timeLimit(.minutes(3)))
struct FIFOTests {

    @Test func twoWritersInTurnAreBothHeardAndTheFIFOIsRemovedAtExit() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.fifo")
        let overlay = try await LiveOverlay.start(["--fifo", path])
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")

        let kind = try #require(FileKind(path), "the overlay creates the FIFO before it is ready")
        #expect(kind.isFIFO, "\(kind)")
        #expect(kind.permissions == 0o600, "\(kind)")

        let start = overlay.events.count
        try await FIFOWriter.write("msg one\n", to: path)
        try await FIFOWriter.write("status\n", to: path)
        let status = try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }
        #expect(status.line == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=spinner progress=- message="one" detail="""#)

        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path) == nil, "the FIFO the overlay created is gone after it exits")
        #expect(overlay.program.errors.text == "")
    }

    @Test func aFIFOThatWasThereIsUsedAndRemovedAtExit() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.fifo")
        // 0640: not what the overlay would create (0600), and still writable by no one else.
        try #require(mkfifo(path, 0o600) == 0 && chmod(path, 0o640) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        let before = try #require(FileKind(path))
        let overlay = try await LiveOverlay.start(["--fifo", path])
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")

        let start = overlay.events.count
        try await FIFOWriter.write("msg kept\nstatus\n", to: path)
        let status = try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }
        #expect(status.line.contains(#" message="kept" "#), "\(status.line)")

        try await overlay.send("quit")
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(before.isFIFO)
        #expect(FileKind(path) == nil, "a FIFO of the user's that was there is removed too: left without a reader, it would hang every later writer")
    }

    /// What may be at a path that `--fifo` must refuse.
    enum NotAFIFO: String, CaseIterable {
        case regularFile, directory, symbolicLinkToAFIFO, danglingSymbolicLink

        /// Makes the thing at `path`; `folder` may hold what a link points to.
        func make(at path: String, in folder: TemporaryFolder) -> Bool {
            switch self {
            case .regularFile: return FileManager.default.createFile(atPath: path, contents: Data("keep me\n".utf8))
            case .directory: return mkdir(path, 0o700) == 0
            case .symbolicLinkToAFIFO: return mkfifo(folder.path("real.fifo"), 0o600) == 0 && symlink(folder.path("real.fifo"), path) == 0
            case .danglingSymbolicLink: return symlink(folder.path("nowhere"), path) == 0
            }
        }
    }

    /// No display is needed: the FIFO is checked first.
    @Test(arguments: NotAFIFO.allCases)
    func aPathThatIsNotAFIFOIsRefusedWithExitTwo(thing: NotAFIFO) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("k.fifo")
        try #require(thing.make(at: path, in: folder), "could not make the \(thing)")
        let before = try #require(FileKind(path))

        let program = try SpinnerExecutable.start(["--fifo", path], environment: ChildProcess.environment(display: nil))
        program.closeInput()
        #expect(try await program.ending() == .exited(2))
        let problem = try #require(program.errors.lines.first, "a line on stderr")
        #expect(problem.hasPrefix("kiosk-spinner: ") && problem.contains(path), "stderr: \(program.errors.text)")
        #expect(program.output.text == "")
        #expect(FileKind(path) == before, "the path is left as it was")
        if thing == .regularFile {
            #expect(FileManager.default.contents(atPath: path) == Data("keep me\n".utf8))
        }
    }

    /// How the overlay is told where its FIFO is.
    enum FIFONaming: String, CaseIterable {
        /// `--fifo <folder>/k.fifo`.
        case fifoOption
        /// `--psplash` with `PSPLASH_FIFO_DIR=<folder>`: `<folder>/psplash_fifo`.
        case psplashDirectory
    }

    @Test(arguments: FIFONaming.allCases)
    func psplashStyleNULTerminatedCommandsAreFollowed(naming: FIFONaming) async throws {
        let folder = try TemporaryFolder()
        let path: String
        let overlay: LiveOverlay
        switch naming {
        case .fifoOption:
            path = folder.path("k.fifo")
            overlay = try await LiveOverlay.start(["--fifo", path])
        case .psplashDirectory:
            path = folder.path("psplash_fifo")
            overlay = try await LiveOverlay.start(["--psplash"], extraEnvironment: ["PSPLASH_FIFO_DIR": folder.path])
        }
        defer { overlay.stop() }
        try await overlay.waitForEvent("ready")
        #expect(FileKind(path)?.isFIFO == true, "a FIFO at \(path)")

        let start = overlay.events.count
        let writer = try await FIFOWriter.open(path)
        try writer.write("MSG Booting\0PROGRESS 30\0")
        try writer.write("status\n")
        writer.close()
        let status = try await overlay.waitForEvent("a status line", from: start) { $0.hasPrefix("visible=") }
        #expect(status.line == #"visible=1 blocked=0 grab=none shown=1 stalled=0 above=held backend=x11 mode=progress progress=30 message="Booting" detail="""#)

        // As `psplash-write QUIT` sends it: one write, NUL-terminated, then close.
        try await FIFOWriter.write("QUIT\0", to: path)
        #expect(try await overlay.program.ending(within: Poll.promptSeconds) == .exited(0))
        #expect(FileKind(path) == nil, "the FIFO the overlay created is gone after it exits")
        #expect(overlay.program.errors.text == "")
    }
}
