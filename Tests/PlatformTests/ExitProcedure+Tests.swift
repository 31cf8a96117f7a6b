@testable import KioskPlatform

extension ExitProcedure {
    /// A finish of its own for a test's FIFO, socket or server, which says nothing: a test that
    /// never runs it leaves what it registered to the test's temporary folder.
    static func forTest() -> ExitProcedure { ExitProcedure(lateMarginSeconds: 0.01, report: { _ in }) }
}
