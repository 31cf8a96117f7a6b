import Glibc
import Testing
@testable import KioskPlatform

extension OneAtATime {
    /// The exit path's steps (what `ProgramExit.finish` runs before `_exit`): bounded by its
    /// deadline whatever a reader does, the first caller's, a late caller's, and the files.
    @Suite(.timeLimit(.minutes(1))) struct ExitProcedureTests {
        /// Seconds since `start` (`MonotonicClock` nanoseconds).
        private static func seconds(since start: UInt64) -> Double {
            Double(MonotonicClock.nanoseconds() - start) / 1e9
        }

        @Test func aWriterWhoseReaderDoesNotReadHoldsTheFinishOnlyUntilItsDeadline() throws {
            signal(SIGPIPE, SIG_IGN)
            let (readEnd, writeEnd) = try FileDescriptor.pipe()
            let writer = try LineWriter(descriptor: writeEnd.rawValue, name: "test writer")
            for number in 1...10_000 { writer.post("answer \(number) " + String(repeating: "x", count: 80)) }
            let reports = LockedValue<[String]>([])
            let procedure = ExitProcedure(lateMarginSeconds: 0.01, report: { line in reports.withLock { $0.append(line) } })
            procedure.drainAtExit { deadline in writer.drain(until: deadline) }
            let closed = LockedValue(false)
            procedure.closeAtExit { closed.withLock { $0 = true } }

            let budget = 0.3
            let began = MonotonicClock.nanoseconds()
            let status = procedure.run(Int32(7), within: budget, reporting: "stopping")
            let took = Self.seconds(since: began)
            #expect(status == 7)
            #expect(took >= budget, "the writer had lines left, so the finish gave it its whole budget: \(took) s")
            // A finish that waited for the writer would never return (nobody reads the pipe): the
            // test's time limit would end it. The margin is for a loaded machine.
            #expect(took < budget + 5, "\(took) s")
            #expect(reports.withLock { $0 } == ["stopping"])
            #expect(closed.withLock { $0 }, "the closings ran after the drains")
            withExtendedLifetime((readEnd, writeEnd)) {}
        }

        @Test func aLateCallerEndsByTheFirstCallersDeadlineWithItsOwnStatus() throws {
            let procedure = ExitProcedure.forTest()
            let draining = try WakeUp()
            let drainEnds = Condition()
            // A drain that takes all the time it is given, like a client that does not read.
            procedure.drainAtExit { deadline in
                draining.signal()
                drainEnds.locked { while drainEnds.wait(until: deadline) || MonotonicClock.nanoseconds() < deadline {} }
            }
            let closings = LockedValue(0)
            procedure.closeAtExit { closings.withLock { $0 += 1 } }
            let firstBudget = 1.0
            let firstDone = try WakeUp()
            let firstStatus = LockedValue<Int32?>(nil)
            let began = MonotonicClock.nanoseconds()
            try NativeThread.start(name: "test first") {
                firstStatus.withLock { $0 = procedure.run(Int32(0), within: firstBudget, reporting: nil) }
                firstDone.signal()
            }
            #expect(draining.wait(milliseconds: -1), "the first caller is draining")
            #expect(procedure.hasBegun)
            // The late caller (a stop signal's watcher) would allow itself 30 s; it waits only until
            // the first caller's deadline, then ends with its own status.
            let lateStatus = procedure.run(Int32(4), within: 30, reporting: "late")
            let lateTook = Self.seconds(since: began)
            #expect(lateStatus == 4)
            #expect(lateTook >= firstBudget, "it waited for the first caller's deadline: \(lateTook) s")
            #expect(lateTook < 15, "not for its own 30 s budget: \(lateTook) s")
            #expect(firstDone.wait(milliseconds: -1))
            #expect(firstStatus.withLock { $0 } == 0)
            #expect(closings.withLock { $0 } == 2, "each caller closes, so whichever exits first has closed")
        }

        @Test func theFilesRegisteredAreRemovedOnlyWhileTheyAreStillTheFilesMade() throws {
            let folder = try TemporaryFolder()
            let kept = folder.path + "/replaced"
            let removed = folder.path + "/mine"
            let unchecked = folder.path + "/unchecked"
            let forgotten = folder.path + "/forgotten"
            for path in [kept, removed, unchecked, forgotten] { try #require(mkfifo(path, 0o600) == 0) }
            let procedure = ExitProcedure.forTest()
            procedure.removeAtExit(kept, ifStill: FileIdentity(atPath: kept))
            procedure.removeAtExit(removed, ifStill: FileIdentity(atPath: removed))
            procedure.removeAtExit(unchecked)
            procedure.removeAtExit(forgotten)
            procedure.keepAtExit(forgotten)
            // Another program's file takes the first one's path. The program holds its FIFO and its
            // socket open until it exits, as this does, so their inode numbers cannot be reused.
            let held = try FileDescriptor.open(kept, O_RDONLY | O_NONBLOCK)
            try #require(unlink(kept) == 0 && mkfifo(kept, 0o600) == 0)
            _ = procedure.run(Int32(0), within: 1, reporting: nil)
            #expect(FileIdentity(atPath: kept) != nil, "another program's file stays")
            #expect(FileIdentity(atPath: removed) == nil)
            #expect(FileIdentity(atPath: unchecked) == nil)
            #expect(FileIdentity(atPath: forgotten) != nil)
            withExtendedLifetime(held) {}
        }
    }
}
