import Benchmark
import StyleKit
import MallocInterposerSwift
import Workloads

/// Drives one cell the way ReactiveBench's `Runner` drives a repetition, once per package-benchmark
/// iteration: build the pipeline and subscribe (outside the measured region, its allocations recorded
/// as ``ScenarioSuite/subscriptionMallocs``), warm up, measure `units` units, tear down, and check the
/// checksum of everything the downstream received against the workload's reference loop.
final class CellDriver {
    /// Units sent after set-up and before the measured region: the runner's `max(100, units / 40)`.
    let warmupUnits: Int
    let units: Int
    private let workload: any Workload
    private let implementation: Implementation
    private let input: SeededInput
    private let expected: Checksum

    init(workload: any Workload, implementation: Implementation, input: SeededInput, units: Int) {
        self.workload = workload
        self.implementation = implementation
        self.input = input
        self.units = units
        warmupUnits = max(100, units / 40)
        expected = workload.reference(input: input, count: warmupUnits + units)
    }

    func iterate(_ benchmark: Benchmark) {
        let cell = workload.makeCell(for: implementation, input: input)
        let beforeSetUp = MallocInterposerSwift.getStatistics().mallocCount
        do {
            try cell.setUp()
        } catch {
            benchmark.error("set-up failed: \(error)")
            return
        }
        let setUpMallocs = MallocInterposerSwift.getStatistics().mallocCount - beforeSetUp
        cell.run(from: 0, count: warmupUnits)

        benchmark.startMeasurement()
        cell.run(from: warmupUnits, count: units)
        benchmark.stopMeasurement()

        cell.tearDown()
        benchmark.measurement(ScenarioSuite.subscriptionMallocs, setUpMallocs)
        blackHole(cell.sink.checksum)
        if cell.sink.checksum != expected {
            benchmark.error("checksum \(cell.sink.checksum) but the reference loop gives \(expected)")
        }
    }
}
