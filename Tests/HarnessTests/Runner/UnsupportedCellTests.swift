import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// A style that cannot express a workload gets a row that says so, with the reason; never a missing row,
/// and never a cell the runner tries to build.
struct UnsupportedCellTests {
    @Test func theBuiltinStyleOnAWorkloadNeedingWithLatestFromIsAnUnsupportedRow() async throws {
        let workload = OperatorsDemandingWorkload(needing: [.withLatestFrom])
        guard let results = try await RunnerFixture.run([workload], Registry.all) else { return }

        #expect(results.map(\.implementation) == Registry.all.map(\.id), "one row per implementation, in order")
        let builtin = try #require(results.first { $0.implementation == .builtin })
        #expect(builtin.status == .unsupported)
        #expect(!builtin.isFailure)
        #expect(builtin.detail == "builtin does not implement withLatestFrom")
        #expect(builtin.nanosecondsPerUnit.isEmpty)
        #expect(builtin.checksum == nil && builtin.expectedChecksum == nil && builtin.latency == nil)
        #expect(builtin.baselineRatio == nil)
        for result in results where result.implementation != .builtin {
            let supported = Registry.implementation(result.implementation).supports(.withLatestFrom)
            #expect(result.status == (supported ? .ok : .unsupported), "\(RunnerFixture.title(result))")
        }
    }

    @Test func theReasonNamesEveryMissingOperator() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let workload = OperatorsDemandingWorkload(needing: [.map, .withLatestFrom, .sample])
        let results = runner.run(workloads: [workload], implementations: RunnerFixture.implementations(.builtin))
        let row = try #require(results.first)
        #expect(results.count == 1)
        #expect(row.status == .unsupported)
        #expect(row.detail == "builtin does not implement withLatestFrom, sample")
    }

    @Test func aRunOfOnlyUnsupportedCellsStillGivesEveryRow() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let workloads = [
            OperatorsDemandingWorkload(needing: [.withLatestFrom]),
            OperatorsDemandingWorkload(needing: [.sampleWithFrom]),
        ]
        let results = runner.run(workloads: workloads, implementations: RunnerFixture.implementations(.builtin))
        #expect(results.map(\.workload) == workloads.map(\.name))
        #expect(results.allSatisfy { $0.status == .unsupported && !$0.detail.isEmpty })
    }
}
