import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// Every shipped workload over every registered implementation, with the tiny configuration: the table
/// is complete and in order, every cell is `ok` or `unsupported` for a stated reason, every checksum
/// matches its reference, and no pipeline keeps memory after its teardown.
struct ShippedCellsTests {
    /// ``RunnerFixture/tiny`` without the noise gate: this test checks what every cell computes, not how
    /// fast, so a busy machine must not change how many repetitions it gets (nor add probes to its time).
    static let configuration = {
        var configuration = RunnerFixture.tiny
        configuration.noiseGate = false
        return configuration
    }()

    @Test func everyWorkloadTimesEveryImplementationIsOkOrUnsupportedAndLeaksNothing() async throws {
        guard let results = try await RunnerFixture.run(Scenarios.all, Registry.all, Self.configuration) else { return }

        let expectedOrder = Scenarios.all.flatMap { workload in Registry.all.map { (workload.name, $0.id) } }
        #expect(results.map(\.workload) == expectedOrder.map(\.0), "workloads outer, in table order")
        #expect(results.map(\.implementation) == expectedOrder.map(\.1), "implementations inner, in registry order")

        for (result, workload) in zip(results, Scenarios.all.flatMap { w in Registry.all.map { _ in w } }) {
            let title = RunnerFixture.title(result)
            let reason = workload.unsupportedReason(for: Registry.implementation(result.implementation))
            #expect(result.status == (reason == nil ? .ok : .unsupported), "\(title): \(result.detail)")
            guard result.status == .ok else {
                #expect(result.detail == reason, "\(title)")
                continue
            }
            #expect(result.unit == workload.unit)
            #expect(result.checksum == result.expectedChecksum, "\(title)")
            #expect(result.nanosecondsPerUnit.count == RunnerFixture.tiny.repetitions, "\(title)")
            #expect(result.unitsPerRepetition == RunnerFixture.tiny.unitsPerRepetition, "\(title)")
            if !RetainedBytes.isUnreliable(result.workload, result.implementation) {
                #expect(result.retainedBytes == 0, "\(title) kept \(result.retainedBytes ?? -1) bytes after teardown")
            }
            // Every ok row has a ratio, unless the workload has no floor (`contention` runs only what
            // claims thread safety, and the loop does not).
            let hasBaseline = workload.unsupportedReason(for: Registry.implementation(.baseline)) == nil
            #expect((result.baselineRatio != nil) == hasBaseline, "\(title)")
            if workload.measuresLatency {
                // One latency per element delivered downstream: all 100 sent, less what a filter drops
                // or a sampler leaves pending. A fan-out element is N units, sent by the run holding its
                // first: 100 units hold none when N is 1000.
                let delivered = result.latency?.count ?? 0
                let mayBeEmpty = ((workload as? FanOutWorkload)?.subscribers ?? 1) > RunnerFixture.tiny.latencyUnits
                let range = UInt64(mayBeEmpty ? 0 : 1)...UInt64(RunnerFixture.tiny.latencyUnits)
                #expect(range.contains(delivered), "\(title): \(delivered)")
            } else {
                #expect(result.latency == nil, "\(title): no per-event latency for a \(result.unit.rawValue) workload that says so")
            }
        }
    }
}
