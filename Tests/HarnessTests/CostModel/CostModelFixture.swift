import CostModel
import Foundation
import Harness
import Runner

/// A time run and its instruction run on disk, with numbers worked by hand. Prices: a retain+release pair
/// 10 ns and 60 instructions (2 atomics), a lock 12 ns (11.5 to 12.5) and 70, an atomic 5 ns and 10; an
/// instruction 0.125 ns where instructions run at once (25 ns for 200), 0.5 ns in a dependent chain (100
/// for 200); a frame beyond the 30 the predictor holds 5 ns. An exclusivity check's 14 ns has an interval
/// down to 12, no more than its 100 instructions at 0.125 ns: priced as its instructions, as the events
/// at 1 ns are.
///
/// - `map` and `filter` of `builtin`, measured at 100 and 274 ns, each counted at 1,000 instructions, 2
///   retain+release pairs, 1 lock and 5 atomics: 37 ns of events and 800 instructions, 100 ns; `map`'s
///   delivery is 42 frames deep, 12 beyond the predictor, 60 ns more. Simulated cycles: 400 and 548.
/// - `asyncHop` of `builtin` and `map` of `asyncSequence`: a second thread busy, left out.
/// - `pipelineDepth (1, 4, 16) [direct]` of `builtin`: timed only (no counts, so no estimate), 33, 39 and
///   63 frames deep: 3, 9 and 33 beyond the predictor, 2 more per stage. Its fits: 40 ns per stage in the
///   time run; per element per stage the counts above in the instruction run.
struct CostModelFixture {
    let directory: TemporaryDirectory
    var run: String { directory.appending("run") }
    var instructions: String { "\(run)/instructions" }

    init() throws {
        directory = try TemporaryDirectory()
        try Self.timeRun.write(to: run)
        try Self.instructionRun.write(to: instructions)
        try Self.prices(timed: true).write(to: "\(run)/prices.csv")
        try Self.prices(timed: false).write(to: "\(instructions)/prices.csv")
        try Self.fits([("ns", 40)]).write(to: "\(run)/fits.csv")
        try Self.fits([("instructions", 1000), ("retains", 2), ("lock_acquisitions", 1), ("atomic_rmws", 5)])
            .write(to: "\(instructions)/fits.csv")
    }

    static let counts = [
        "instructions_per_unit": "1000", "retains_per_unit": "2", "releases_per_unit": "2", "lock_acquisitions_per_unit": "1",
        "atomic_rmws_per_unit": "5", "exclusivity_checks_per_unit": "0", "metadata_lookups_per_unit": "0",
        "dynamic_casts_per_unit": "0", "mallocs_per_unit": "0", "instructions_source": "callgrind",
    ]

    static func cell(
        _ workload: String, _ nanoseconds: Double, _ extra: [String: String] = [:], implementation: String = "builtin"
    ) -> SyntheticCell {
        var cell = SyntheticCell(workload: workload, implementation: implementation, samples: [nanoseconds])
        cell.extra = extra
        return cell
    }

    static var timeRun: SyntheticRun {
        let cells: [SyntheticCell] = [
            cell("map", 100, ["call_depth": "42"]),
            cell("filter", 274),
            cell("asyncHop", 500),
            cell("map", 900, ["family": "asyncSequence"], implementation: "asyncSequence"),
        ]
        let chain: [SyntheticCell] = zip([1, 4, 16], [33, 39, 63]).map { (stages: Int, depth: Int) -> SyntheticCell in
            let fields = ["scenario": "pipelineDepth", "parameter": String(stages), "source": "direct", "call_depth": String(depth)]
            return cell("pipelineDepth (\(stages)) [direct]", 50 * Double(stages), fields)
        }
        return SyntheticRun(cells: cells + chain)
    }

    static var instructionRun: SyntheticRun {
        var run = SyntheticRun(cells: [
            cell("map", 0, counts.merging(["estimated_cycles_per_unit": "400"]) { $1 }),
            cell("filter", 0, counts.merging(["estimated_cycles_per_unit": "548"]) { $1 }),
        ])
        run.environment = ["metric": "instructions"]
        return run
    }

    /// The time run's ns (two with an interval), or the instruction run's instructions and the
    /// pair's atomics; deepFrame in the time run. Every row trusted.
    static func prices(timed: Bool) -> CSVTable {
        let ns: [String: String] = [
            "retainRelease": "10", "exclusivityCheck": "14", "lock": "12", "atomicRMW": "5", "independentInstructions": "25",
            "instructions": "100",
        ]
        let instructions: [String: String] = [
            "retainRelease": "60", "lock": "70", "atomicRMW": "10", "independentInstructions": "200", "instructions": "200",
        ]
        let events = ["retainRelease", "exclusivityCheck", "lock", "metadataLookup", "dynamicCast", "malloc", "atomicRMW",
                      "independentInstructions", "instructions"]
        let intervals = ["lock": ["11.5", "12.5"], "exclusivityCheck": ["12", "16"]]
        var rows = events.map { event in
            timed
                ? [event, "ns", ns[event] ?? "1"] + (intervals[event] ?? ["", ""]) + ["", ""]
                : [event, "instructions", instructions[event] ?? "100", "", "", "", ""]
        }
        rows += timed
            ? [["deepFrame", "ns", "5", "4.5", "5.5", "", ""], ["deepFrame", "frames", "30", "", "", "", ""]]
            : [["retainRelease", "atomic_rmws", "2", "", "", "", ""]]
        return CSVTable(header: PriceList.schema.header, rows: rows.map { $0 + ["true", ""] })
    }

    /// The time run's prices with `event`'s `metric` row marked as not trusted for `reason`, its value gone
    /// as the run writes it.
    static func timePrices(marking event: String, _ metric: String = "ns", reason: String) -> CSVTable {
        var prices = prices(timed: true)
        let row = prices.rows.firstIndex { $0[0] == event && $0[1] == metric }!
        prices.rows[row] = [event, metric, "", "", "", "", "", "false", reason]
        return prices
    }

    /// fits.csv of `pipelineDepth [direct]` of `builtin`: one slope per element per metric.
    static func fits(_ slopes: [(metric: String, slope: Double)]) -> CSVTable {
        CSVTable(header: FitTable.schema.header, rows: slopes.map { metric, slope in
            let value = ResultTable.format(slope, digits: 4)
            return ["1", "pipelineDepth", "direct", "builtin", metric, "element", "stage", "1;4;16", "3", value, value, value, "0", "0",
                    "0", "1", "linear"]
        })
    }

    /// The cost model of the run, written into its directory.
    func estimate() throws {
        try CostModelFiles(MeasuredRuns.load(run: run, instructionRun: instructions)).write(into: run)
    }

    /// The lines of `name` in the run directory.
    func lines(_ name: String) throws -> [String] {
        try String(contentsOfFile: "\(run)/\(name)", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func remove() { directory.remove() }
}
