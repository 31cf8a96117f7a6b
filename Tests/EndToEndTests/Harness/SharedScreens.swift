import Foundation

/// A few X servers that tests take turns on, one test a server at a time, for tests that look
/// at no pixels but keep overlays busy: a long table of inputs, each with an overlay of its own,
/// or floods of commands.
///
/// Swift Testing starts every case of a parameterised test at once. With an X server and an
/// overlay each, a long table would load a two-core machine so much that the timing of the
/// tests running beside it (stall timeouts, heartbeats) suffers; taking turns on a few servers
/// spreads the work out and saves starting a server per case. A test that must not share the
/// machine with the others' overlays (one that times the overlay) takes every server at once.
/// Each server is started on its first turn and lives until the test process ends (its
/// watchdog then stops it, see `VirtualScreen`).
final class SharedScreens: @unchecked Sendable {
    /// The servers for busy overlays: two, one a core; one with a sanitizer, which makes every
    /// overlay (and every other test's) several times as busy.
    static let forBusyOverlays = SharedScreens(count: Sanitizer.current == .none ? 2 : 1)

    /// How many servers there are.
    let count: Int
    // Guards the three below.
    private let lock = NSLock()
    private var freeIndexes: [Int]
    private var screens: [Int: VirtualScreen] = [:]
    /// How many tests wait to have every server at once; while one does, no other turn starts.
    private var waitingAlone = 0

    /// `count` servers, none started yet.
    init(count: Int) {
        self.count = count
        freeIndexes = Array((0..<count).reversed())
    }

    /// Waits for a turn (for at most `seconds`), runs `body` with a server, and gives the turn
    /// back; returns what `body` returns. With `alone`, the turn is on every server at once, so
    /// no other test's turn runs beside `body`. An overlay started in `body` must be stopped
    /// before it returns.
    func withTurn<Result>(within seconds: Double, alone: Bool = false,
                          _ body: (VirtualScreen) async throws -> Result) async throws -> Result {
        if alone { lock.withLock { waitingAlone += 1 } }
        let index: Int
        do {
            index = try await Poll.value("a turn on a shared X server\(alone ? ", alone" : "")", within: seconds) { take(alone: alone) }
        } catch {
            if alone { lock.withLock { waitingAlone -= 1 } }
            throw error
        }
        defer { giveBack(index, alone: alone) }
        return try await body(try await screen(index))
    }

    /// The server `index`, started if it was not yet.
    private func screen(_ index: Int) async throws -> VirtualScreen {
        if let started = lock.withLock({ screens[index] }) { return started }
        let screen = try await VirtualScreen.start()
        lock.withLock { screens[index] = screen }
        return screen
    }

    /// Takes a free server (every server, `alone`) and returns its index, or nil.
    private func take(alone: Bool) -> Int? {
        lock.withLock {
            if alone {
                guard freeIndexes.count == count else { return nil }
                waitingAlone -= 1
                freeIndexes.removeAll()
                return 0
            }
            guard waitingAlone == 0 else { return nil }
            return freeIndexes.popLast()
        }
    }

    private func giveBack(_ index: Int, alone: Bool) {
        lock.withLock {
            if alone {
                freeIndexes = Array((0..<count).reversed())
            } else {
                freeIndexes.append(index)
            }
        }
    }
}
