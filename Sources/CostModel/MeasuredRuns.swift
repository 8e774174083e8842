import Foundation
import Harness

/// A time run and the instruction run of the same build, as the cost model reads them: the cells of both,
/// the time run's families and call depths, both price lists and both runs' per-stage fits.
public struct MeasuredRuns: Sendable {
    /// The time run's cells, in the order of its results.csv.
    public var timed: [TimedCell]
    /// The instruction run's cells.
    public var counted: RunResults
    public var prices: EstimatePrices
    /// fits.csv of each run; empty for a run without one.
    public var timeFits: FitSlopes
    public var instructionFits: FitSlopes

    public init(timed: [TimedCell], counted: RunResults, prices: EstimatePrices, timeFits: FitSlopes, instructionFits: FitSlopes) {
        self.timed = timed
        self.counted = counted
        self.prices = prices
        self.timeFits = timeFits
        self.instructionFits = instructionFits
    }

    /// The run in the directory `run` and its instruction run in `instructionRun`.
    ///
    /// - Throws: one line when a run or a price list is missing or cannot be read, when `run` is not a time
    ///   run or `instructionRun` not an instruction run, or when the instruction run has no anatomy counts
    ///   (a `perf` run: nothing to price).
    public static func load(run: String, instructionRun: String) throws(HarnessError) -> MeasuredRuns {
        guard FileManager.default.fileExists(atPath: "\(instructionRun)/results.csv") else {
            throw HarnessError(
                "\(instructionRun) holds no instruction run (results.csv): the estimate prices an instruction run's counts "
                    + "(`run --metric instructions` into RUN_DIR/instructions, as scripts/reference makes one)"
            )
        }
        let time = try RunResults.load(run), counted = try RunResults.load(instructionRun)
        guard time.metric == .time else {
            throw HarnessError("\(time.source) holds \(time.metric.description), not times: give a time run")
        }
        guard counted.metric == .instructions else {
            throw HarnessError("\(counted.source) holds \(counted.metric.description): give a run of run --metric instructions")
        }
        let counts = ([ResultColumn.instructionsPerUnit] + PricedEvent.all.map { ResultColumn.anatomyPerUnit($0.counter) }).map(\.name)
        if let missing = counts.first(where: { column in !counted.cells.contains { $0.values[column] != nil } }) {
            throw HarnessError(
                "\(counted.source) has no \(missing): the estimate prices the cost anatomy, which only callgrind counts "
                    + "(run --metric instructions without perf)"
            )
        }
        return MeasuredRuns(
            timed: try TimedCell.cells(of: time), counted: counted,
            prices: try EstimatePrices.load(timeRun: run, instructionRun: instructionRun),
            timeFits: try FitSlopes.read(directory: run), instructionFits: try FitSlopes.read(directory: instructionRun)
        )
    }
}
