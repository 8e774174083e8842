import Benchmark
import Foundation
import StyleKit
import Workloads

/// Registers one package-benchmark benchmark per (workload, implementation) cell of the scenario table,
/// named with the cell's stable key "workload/implementation" (`map/builtin`, `pipelineDepth (4)/rxSink`).
///
/// The table is `Scenarios.standard`, the default `reactive-bench run`; `REACTIVE_BENCH_FULL=1` takes
/// `Scenarios.all` (`run --full`). package-benchmark has no "unsupported" row, so a cell the style cannot
/// express is not registered: its reason goes to stderr instead. `REACTIVE_BENCH_QUICK=1` measures each
/// cell for 0.1 s instead of 1 s (the counts repeat exactly; `scripts/package-benchmark --check` uses it).
enum ScenarioSuite {
    /// Units (elements, or subscriptions for `subscription` workloads) one iteration measures:
    /// package-benchmark's scaling factor, so its per-unit columns (`--scale`) are per element.
    static let scalingFactor = BenchmarkScalingFactor.kilo

    /// Allocations made while `setUp()` builds and subscribes the pipeline, outside the measured region:
    /// read from the interposer's counters around it, once per iteration.
    static let subscriptionMallocs = BenchmarkMetric.custom(
        "Malloc (per subscription)", polarity: .prefersSmaller, useScalingFactor: false
    )

    static func register() {
        let environment = ProcessInfo.processInfo.environment
        let full = environment["REACTIVE_BENCH_FULL"] == "1"
        let configuration = configuration(quick: environment["REACTIVE_BENCH_QUICK"] == "1")
        let input = SeededInput()
        for workload in full ? Scenarios.all : Scenarios.standard {
            for implementation in Registry.all {
                let key = "\(workload.name)/\(implementation.id.rawValue)"
                if let reason = workload.unsupportedReason(for: implementation) {
                    FileHandle.standardError.write(Data("skipped \(key): unsupported: \(reason)\n".utf8))
                    continue
                }
                let driver = CellDriver(
                    workload: workload, implementation: implementation, input: input,
                    units: scalingFactor.rawValue
                )
                Benchmark(key, configuration: configuration) { benchmark in
                    driver.iterate(benchmark)
                }
            }
        }
    }

    /// Wall clock and throughput inform; the counts are deterministic, so their thresholds are strict
    /// (any rise against a baseline fails `baseline check`).
    private static func configuration(quick: Bool) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal, subscriptionMallocs],
            warmupIterations: 3,
            scalingFactor: scalingFactor,
            maxDuration: quick ? .milliseconds(100) : .seconds(1),
            maxIterations: 10_000,
            thresholds: [
                .mallocCountTotal: BenchmarkThresholds(absolute: BenchmarkThresholds.Absolute.strict),
                subscriptionMallocs: BenchmarkThresholds(absolute: BenchmarkThresholds.Absolute.strict),
            ]
        )
    }
}
