import Foundation
import Harness
import Runner
import Workloads

/// A synthetic run in the runner's CSV schema: three workloads x three implementations with 11 samples
/// each, jittered by ±3% around a typical time (seeded, so every test sees the same numbers).
struct SyntheticRun {
    static let workloads = ["floor", "map", "subscribeChurn"]
    static let implementations = ["baseline", "builtin", "rxSink"]
    /// Typical ns per unit of each implementation, roughly those of the reference run.
    static let typicalTimes = ["baseline": 2.0, "builtin": 200.0, "rxSink": 250.0]

    var cells: [SyntheticCell]
    /// Columns after the schema's own, such as `instructions_per_unit`.
    var extraColumns: [String] = []
    /// environment.csv's keys and values; nil writes none.
    var environment: [String: String]?

    init(cells: [SyntheticCell]) {
        self.cells = cells
    }

    /// Every workload x implementation, with `samples` jittered samples of ±`jitterPercent`% per cell.
    init(seed: UInt64, samples: Int = 11, jitterPercent: Double = 3) {
        var generator = SeededGenerator(seed: seed)
        cells = Self.workloads.flatMap { workload in
            Self.implementations.map { implementation in
                let samples = generator.jittered(
                    around: Self.typicalTimes[implementation]!, percent: jitterPercent, count: samples
                )
                return SyntheticCell(workload: workload, implementation: implementation, samples: samples)
            }
        }
    }

    /// Changes the cell of `workload` and `implementation` in place.
    mutating func update(_ workload: String, _ implementation: String, _ change: (inout SyntheticCell) -> Void) {
        let index = cells.firstIndex { $0.workload == workload && $0.implementation == implementation }!
        change(&cells[index])
    }

    var table: CSVTable {
        let header = ResultTable.columns + extraColumns
        return CSVTable(header: header, rows: cells.map { $0.fields(under: header) })
    }

    /// The run as compare reads it, without touching the disk.
    func results(_ source: String = "synthetic/results.csv") throws -> RunResults {
        try RunResults(table: table, source: source, environment: environment)
    }

    /// Writes results.csv (and environment.csv, if any) into `directory`, creating it.
    func write(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try table.write(to: "\(directory)/results.csv")
        if let environment {
            let rows = environment.keys.sorted().map { [$0, environment[$0]!] }
            try CSVTable(header: ["key", "value"], rows: rows).write(to: "\(directory)/environment.csv")
        }
    }
}
