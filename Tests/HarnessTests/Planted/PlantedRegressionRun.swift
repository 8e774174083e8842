import Foundation
import Harness
@testable import Runner
import StyleKit
import Testing
@testable import Workloads

/// One in-process run of `map` that measures, interleaved repetition by repetition, the unplanted
/// `builtin` cell twice (the base and an unchanged rerun) and the two planted ones, each under the
/// `builtin` key.
/// Interleaving is what makes their ratios honest here: the shared machine's slow phases last from a
/// quarter of a second to seconds and slow every cell alike, so they land on all four, not on one.
struct PlantedRegressionRun {
    /// What the busy loop adds, as a share of the unplanted cell's own time.
    static let plantedSlowdown = 0.20
    /// 101 repetitions of ~0.5 ms a side. Short, because on a loaded machine a repetition that another
    /// process preempts runs 5 to 100 times slower: the shorter the repetition, the fewer are hit, and the
    /// median and the Mann–Whitney test need most of them clean; many, so that the test sees a 20% shift
    /// through what is left. About a second in all. The noise gate leaves out repetitions timed while the
    /// machine ran slow and measures more in their place.
    static let configuration = RunConfiguration(
        repetitions: 101, targetRepetitionNanoseconds: 500_000, measuresLatency: false, noiseGate: true
    )
    /// A measurement whose cells spread more than this (median absolute deviation over median) was
    /// taken on a disturbed machine, whatever the gate's probes saw: quiet here, cells spread by 1-3%.
    static let noisySpread = 0.05
    /// Measurements after the first when the noise gate could not find enough quiet repetitions, or the
    /// cells spread more than ``noisySpread``.
    static let retriesOnADisturbedMachine = 2

    let base: CellResult
    let unchanged: CellResult
    let extraAllocation: CellResult
    let busyLoop: CellResult
    /// The calibration: the unplanted cell's ns per element, and the busy loop's ns per iteration and
    /// iteration count.
    let calibratedCellNanoseconds: Double
    let spinIterationNanoseconds: Double
    let spinIterations: Int
    /// Measurements made: more than 1 when the machine was too disturbed for the noise gate.
    let attempts: Int

    /// The one measurement every planted-regression test reads, made on first use (a test after another
    /// finds it done), or nil when jemalloc is absent on purpose.
    static let shared: Result<PlantedRegressionRun?, any Error> = Result {
        guard let probe = try JemallocRequirement.probe(scope: .currentThread) else { return nil }
        let run = try measure(probe: probe)
        switch ProcessInfo.processInfo.environment["REACTIVE_BENCH_PLANTED_REPORT"] {
        case "1": print(run.summary)
        case "samples": print(run.summary + run.samples)
        default: break
        }
        return run
    }

    /// Calibrates the busy loop against the unplanted cell, then measures all four cells interleaved.
    /// When the noise gate says the machine stayed disturbed (too few quiet repetitions in some cell),
    /// the numbers are not a fair test of compare: it waits for a quiet machine and measures again, at
    /// most ``retriesOnADisturbedMachine`` times, and keeps the last measurement whatever it found. The
    /// verdicts play no part in that choice.
    static func measure(probe: AllocationProbe) throws -> PlantedRegressionRun {
        let (cell, spin) = calibrate(probe: probe)
        PlantedCost.spinIterations = max(1, Int((plantedSlowdown * cell / spin).rounded()))
        let unplanted = planted(UnplantedOperators.self)
        let implementations = [
            unplanted, unplanted, planted(ExtraAllocationOperators.self), planted(BusyLoopOperators.self),
        ]
        let wait = try QuietMachineWait(input: SeededInput(), budgetSeconds: 30)
        var attempt = 0, results: [CellResult] = []
        repeat {
            attempt += 1
            let outcome = Runner(configuration: configuration, probe: probe)
                .measure(workloads: [MapWorkload()], implementations: implementations)
            results = outcome.results
            let disturbed = results.contains { $0.detail.hasPrefix("machine disturbed") }
                || spread(results) > noisySpread
            guard disturbed && attempt <= retriesOnADisturbedMachine else { break }
            _ = wait.untilQuiet()
        } while true
        return PlantedRegressionRun(
            base: results[0], unchanged: results[1], extraAllocation: results[2], busyLoop: results[3],
            calibratedCellNanoseconds: cell, spinIterationNanoseconds: spin,
            spinIterations: PlantedCost.spinIterations, attempts: attempt
        )
    }

    /// The largest relative spread (MAD over median) of the cells' kept repetitions.
    static func spread(_ results: [CellResult]) -> Double {
        results.compactMap { result in
            result.statistics.map { $0.median > 0 ? $0.medianAbsoluteDeviation / $0.median : .infinity }
        }.max() ?? 0
    }

    /// Every cell's units per repetition, disturbed repetitions and kept samples, one line each.
    var samples: String {
        [base, unchanged, extraAllocation, busyLoop].map { cell in
            "\n  \(cell.unitsPerRepetition) units, \(cell.disturbedRepetitions ?? 0) disturbed: "
                + cell.nanosecondsPerUnit.map { String(Int($0)) }.joined(separator: " ")
        }.joined()
    }

    /// The unplanted cell's time (the fastest of its repetitions, standing for the quiet machine) and
    /// the busy loop's ns per iteration (timed the same way).
    private static func calibrate(probe: AllocationProbe) -> (cell: Double, spin: Double) {
        let calibration = RunConfiguration(
            repetitions: 21, targetRepetitionNanoseconds: 500_000, measuresLatency: false, noiseGate: false
        )
        let unplanted = Runner(configuration: calibration, probe: probe)
            .run(workloads: [MapWorkload()], implementations: [planted(UnplantedOperators.self)])[0]
        return (unplanted.nanosecondsPerUnit.min() ?? 0, PlantedCost.nanosecondsPerSpinIteration())
    }

    /// One line: the calibration and each comparison's time change, for measuring how often the
    /// statistics err (`REACTIVE_BENCH_PLANTED_REPORT=1 swift test --filter Planted`, many times).
    var summary: String {
        func time(_ cell: CellResult) -> String {
            let metric = (try? compare(cell))?.cells.first?.metrics.first { $0.metric == TimeMetric.name }
            return "\(metric?.verdict.rawValue ?? "?") \(metric?.change ?? "?")"
        }
        let planted = Double(spinIterations) * spinIterationNanoseconds / calibratedCellNanoseconds
        let spread = (Self.spread([base, unchanged, extraAllocation, busyLoop]) * 1000).rounded() / 10
        return "planted-report attempts \(attempts), spread \(spread)%; cell \(Int(calibratedCellNanoseconds)) ns, busy loop "
            + "\(spinIterations) x \(spinIterationNanoseconds) ns = "
            + "\(Int((planted * 100).rounded()))%; busy: \(time(busyLoop)); allocation: \(time(extraAllocation)); "
            + "rerun: \(time(unchanged))"
    }

    /// `base` against `new`, as `compare --gate-time` would read their two results.csv files: the four
    /// cells were measured interleaved in one process, so their times are comparable, as two separate
    /// runs' are not.
    func compare(
        _ new: CellResult, options: ComparisonOptions = ComparisonOptions(timeVerdicts: .gated)
    ) throws -> ComparisonReport {
        ComparisonReport(base: try Self.run(base, "base"), new: try Self.run(new, "new"), options: options)
    }

    /// A one-cell run as compare reads it.
    static func run(_ cell: CellResult, _ name: String) throws -> RunResults {
        try RunResults(table: ResultTable.table([cell]), source: "\(name)/results.csv")
    }

    /// Writes a one-cell run directory `directory` (results.csv only).
    static func write(_ cell: CellResult, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try ResultTable.table([cell]).write(to: "\(directory)/results.csv")
    }

    static func planted(_ style: any PlantedOperators.Type) -> Implementation {
        Implementation(
            id: style.implementation, family: .combine, summary: "test only: builtin map with a planted cost",
            supportedOperators: style.supportedOperators, isThreadSafe: true, demand: .subscriberDemand,
            combineStyle: style
        )
    }
}
