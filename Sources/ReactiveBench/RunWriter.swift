import CombineFramework
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

/// Writes a run directory's two files, each atomically, as often as asked: once when the directory is
/// made (no rows, `run_complete` false), as cells finish while the run goes
/// (``IsolatedRunner/cellFinished``), and once at the end, with the per-stage fits (fits.csv). A run
/// stopped at any moment, kill -9 included, leaves valid CSV that says how far it got. The first write also
/// puts schema.json beside them (``RunSchema``): what every column means, and the names and colours the
/// charts use.
///
/// results.csv is written first, then environment.csv, which records how many rows that was
/// (`result_rows`): a results.csv with fewer rows was cut short (compare and scripts/plot refuse it).
struct RunWriter {
    let directory: String
    /// environment.csv's first rows: the machine and the build (``RunEnvironment/csvTable``).
    let environmentRows: [[String]]
    let metric: RunMetric
    /// More `key,value` rows for environment.csv (an A/B run's side says which build it is, a shard which
    /// part of which selection it measured).
    var extra: [[String]] = []
    /// Marks the rows that ran unspecialised in their detail (`run --allow-unspecialised`).
    var specialisation: SpecialisationGate?
    /// The rows of the results.csv written last, each with the result it came from.
    private let written = WrittenRows()

    init(directory: String, environmentRows: [[String]], metric: RunMetric, extra: [[String]] = []) {
        self.directory = directory
        self.environmentRows = environmentRows
        self.metric = metric
        self.extra = extra
    }

    init(directory: String, environment: RunEnvironment, metric: RunMetric, extra: [[String]] = []) {
        self.init(directory: directory, environmentRows: environment.csvTable.rows, metric: metric, extra: extra)
    }

    func write(_ results: [CellResult], sentinelBest: Double?, complete: Bool) throws(OutputFailure) {
        let marked = specialisation.map { gate in results.map(gate.marked) } ?? results
        try write(written.table(marked), sentinelBest: sentinelBest, complete: complete)
    }

    /// Writes `results` as results.csv (rows as they are: `merge` copies the shards' rows), then
    /// environment.csv.
    func write(_ results: CSVTable, sentinelBest: Double?, complete: Bool) throws(OutputFailure) {
        do throws(HarnessError) {
            try results.write(to: directory + "/results.csv")
            var table = CSVTable(header: ["key", "value"], rows: environmentRows)
            table.rows.append(["sentinel_best_ns_per_element", ResultTable.format(sentinelBest)])
            table.rows.append(["run_complete", String(complete)])
            table.rows.append([RunMetric.environmentKey, metric.rawValue])
            table.rows.append([RunMetric.rowCountKey, String(results.rows.count)])
            table.rows.append(["combine_framework", CombineFramework.name])
            table.rows += Self.addedRows + extra
            try table.write(to: directory + "/environment.csv")
            let schema = "\(directory)/\(RunSchema.fileName)"
            if !FileManager.default.fileExists(atPath: schema) {
                try AtomicFile.write(Array(RunSchema.current.json().utf8), to: schema)
            }
        } catch {
            throw OutputFailure(error.message)
        }
    }

    /// What environment.csv says of the rows another package added (``ReactiveBench/main(adding:)``):
    /// `added_implementations`, each row with the module of its style, and `unspecialised_implementations`,
    /// the Combine rows whose cells run unspecialised (``Implementation/isSpecialised``); nothing when there
    /// are none.
    static var addedRows: [[String]] {
        let rows = Registry.addedRows
        guard !rows.isEmpty else { return [] }
        let described = rows.map { row in row.styleModule.map { "\(row.id) (\($0))" } ?? row.id.rawValue }
        let unspecialised = rows.filter { $0.family == .combine && !$0.isSpecialised }.map(\.id.rawValue)
        return [["added_implementations", described.joined(separator: "; ")]]
            + (unspecialised.isEmpty ? [] : [[EnvironmentNote.unspecialisedKey, unspecialised.joined(separator: "; ")]])
    }

    /// prices.csv (``PriceList``).
    func writePrices(_ prices: [PriceList.Price]) throws(OutputFailure) {
        do throws(HarnessError) {
            try PriceList.table(prices).write(to: directory + "/prices.csv")
        } catch {
            throw OutputFailure(error.message)
        }
    }

    /// Fits every stage and subscriber sweep of the results.csv written last, `rows` rows long, into
    /// fits.csv (read back from the file, so the fits are exactly those of what the run directory holds;
    /// a run stopped before its first cell has none), and returns them.
    @discardableResult
    func writeFits(rows: Int) throws -> [StageFit] {
        let fits = rows == 0 ? [] : FitTable.fits(try RunResults.load(directory + "/results.csv"))
        do throws(HarnessError) {
            try FitTable.table(fits).write(to: directory + "/fits.csv")
        } catch {
            throw OutputFailure(error.message)
        }
        return fits
    }
}

/// results.csv's rows as last written, each with the result it was made from, so that a row whose result
/// has not changed is not made again: a run writes the file as its cells finish, and making every row each
/// time was most of the tool's own time between two processes. Measured on a default run (strace of the
/// processes' starts and ends), the time between one process's end and the next one's start was 16.5 s in
/// all; 11.6 s with numbers printed by `vsnprintf`; 5.5 s with these rows kept and the later parts written
/// at most once a second (``IsolatedRunner/cellFinished``).
private final class WrittenRows {
    private var results: [CellResult] = []
    private var rows: [[String]] = []

    func table(_ results: [CellResult]) -> CSVTable {
        rows = results.indices.map { index in
            index < self.results.count && self.results[index] == results[index] ? rows[index] : ResultTable.schema.fields(results[index])
        }
        self.results = results
        return CSVTable(header: ResultTable.columns, rows: rows)
    }
}

/// The run's results could not be written (the disk is full, an I/O error): not bad input, so the tool
/// exits with status 3, after one `error:` line naming the file and the reason.
struct OutputFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    static let exitStatus: Int32 = 3
}
