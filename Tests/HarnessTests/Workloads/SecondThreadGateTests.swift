import Harness
import StyleKit
import Runner
import Testing
import Workloads

/// The noise gate judges a repetition by a sentinel probed on the measuring thread, which a second busy
/// thread slows whatever the machine does: the cells that keep one busy (`asyncHop`, `contention`, every
/// `asyncSequence` cell) are not judged, and every other cell is. Sentinels only: no time is asserted.
struct SecondThreadGateTests {
    @Test func theCellsThatKeepASecondThreadBusyAreTheThreadHopsTheSendersAndTheConsumerTasks() throws {
        let asyncSequence = Registry.implementation(.asyncSequence), builtin = Registry.implementation(.builtin)
        let hop = try #require(Scenarios.named("asyncHop")), contention = try #require(Scenarios.named("contention"))
        let map = try #require(Scenarios.named("map")), fanOut = try #require(Scenarios.named("fanOut (100)"))
        #expect(hop.keepsASecondThreadBusy(for: builtin))
        #expect(contention.keepsASecondThreadBusy(for: builtin))
        #expect(map.keepsASecondThreadBusy(for: asyncSequence))
        #expect(!map.keepsASecondThreadBusy(for: builtin))
        #expect(!fanOut.keepsASecondThreadBusy(for: builtin))
    }

    /// Measured on a thread of its own (``onOwnThread(_:)``): the asyncSequence cell waits for its consumer.
    @Test func onlyTheCellsOnOneThreadAreProbedByTheSentinel() async throws {
        let (oneThread, consumerTask) = try await onOwnThread {
            let probe = try #require(try JemallocRequirement.probe(scope: .currentThread))
            let configuration = RunConfiguration(repetitions: 2, unitsPerRepetition: 1_000, measuresLatency: false)
            let runner = Runner(configuration: configuration, probe: probe)
            let map = try #require(Scenarios.named("map"))
            return (
                runner.measureUngated(map, Registry.implementation(.builtin), latency: false),
                runner.measureUngated(map, Registry.implementation(.asyncSequence), latency: false)
            )
        }
        #expect(oneThread.result.status == CellStatus.ok && consumerTask.result.status == CellStatus.ok)
        #expect(oneThread.timings.count == 2 && oneThread.timings.allSatisfy { $0.sentinel != nil })
        // A share of the process's CPU time: above 0, and one thread cannot have more than the clock's time
        // (a little over 1 for the clocks' reads; 1.0007 the most seen).
        #expect(oneThread.timings.allSatisfy { ($0.cpuShare ?? 0) > 0 && ($0.cpuShare ?? 2) < 1.05 })
        #expect(oneThread.sentinelBest != nil)
        #expect(consumerTask.timings.count == 2 && consumerTask.timings.allSatisfy { $0.sentinel == nil && $0.cpuShare == nil })
        #expect(consumerTask.sentinelBest == nil)
        // The cell of two threads is judged by the other processes' CPUs instead, one reading over the
        // process's repetitions (not above 0: a test may run beside anything); the sentinel's cells are not.
        let others = consumerTask.timings.compactMap(\.otherProcessesCPUs)
        #expect(others.count == 2 && Set(others).count == 1 && others.allSatisfy { $0 >= 0 && $0.isFinite })
        #expect(oneThread.timings.allSatisfy { $0.otherProcessesCPUs == nil })
    }
}
