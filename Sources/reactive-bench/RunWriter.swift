import Harness
import Runner
import Workloads

/// Writes a run directory's files, each atomically, as often as asked: after every cell while the run
/// goes (`run_complete` false), and once at the end, with the per-stage fits.
/// A run stopped at any moment leaves valid CSV.
struct RunWriter {
    let directory: String
    let environment: RunEnvironment

    func write(_ results: [CellResult], sentinelBest: Double?, complete: Bool) throws {
        try ResultTable.table(results).write(to: directory + "/results.csv")
        var table = environment.csvTable
        table.rows.append(["sentinel_best_ns_per_element", ResultTable.format(sentinelBest)])
        table.rows.append(["run_complete", String(complete)])
        try table.write(to: directory + "/environment.csv")
    }

    /// Fits every stage and subscriber sweep of the results.csv written last into fits.csv (read back
    /// from the file, so the fits are exactly those of what the run directory holds), and returns them.
    @discardableResult
    func writeFits() throws -> [StageFit] {
        let fits = FitTable.fits(try RunResults.load(directory + "/results.csv"))
        try FitTable.table(fits).write(to: directory + "/fits.csv")
        return fits
    }
}
