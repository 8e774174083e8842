#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much slower or faster the new run ran as a whole than the base: the median, over the cells both
/// ran `ok`, of their time ratio new over base.
///
/// Why: on a shared machine every process of one run shares that run's luck, and a whole run lands
/// 5-10% away from the next with nothing changed (docs/COMPARE.md); judging each cell against the base
/// net of that shift compares it with its own run. The median stays put while fewer than half of the
/// cells change; a change that slows most cells at once shows here, as the run's shift, not as verdicts.
public struct RunShift: Sendable, Equatable {
    /// Fewer cells in common than this give no shift: their median would follow the cells that changed.
    public static let minimumCells = 10

    /// New over base: 1.06 is a new run 6% slower as a whole.
    public let factor: Double
    /// The cells the median is over.
    public let cells: Int

    public init(factor: Double, cells: Int) {
        self.factor = factor
        self.cells = cells
    }

    /// The shift between `base` and `new`, or nil when fewer than ``minimumCells`` cells have a time in both.
    public static func between(_ base: RunResults, _ new: RunResults) -> RunShift? {
        let logRatios = base.cells.compactMap { before -> Double? in
            guard before.isOK, let after = new[before.key], after.isOK,
                let baseMedian = before.nanosecondsPerUnitMedian, let newMedian = after.nanosecondsPerUnitMedian,
                baseMedian > 0, newMedian > 0
            else { return nil }
            return log(newMedian / baseMedian)
        }
        guard logRatios.count >= minimumCells else { return nil }
        return RunShift(factor: exp(SampleStatistics.median(logRatios)), cells: logRatios.count)
    }

    /// The shift in percent: +6.0 for a run 6% slower.
    public var percent: Double { (factor - 1) * 100 }
}
