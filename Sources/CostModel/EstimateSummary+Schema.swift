import Harness
import Runner

extension EstimateSummary {
    /// estimate_summary.csv, written by `reactive-bench estimate`.
    public static let schema = CSVFileSchema<EstimateSummary>(
        file: "estimate_summary.csv",
        row: "how far one of estimates.csv's estimates falls from the measured medians over a group of cells: every cell, "
            + "or those of one implementation, scenario, source or parameter",
        columns: [
            CSVColumn(
                "estimate",
                "the estimate, by its column in estimates.csv: `estimated_ns_per_unit` (the counts at the prices), "
                    + "`estimated_ns_per_unit_if_dependent` (its upper bound) or `iai_estimated_ns_per_unit` (iai-callgrind's cycles)"
            ) { $0.estimate.column.name },
            CSVColumn(
                "grouped_by",
                "`all`, or the results.csv column the row's cells share a value of: `implementation`, `scenario`, `source`, "
                    + "`parameter`"
            ) { $0.grouping.name },
            CSVColumn("group", "that value; empty for `all` (and for the cells without a source or a parameter)") { $0.group },
            CSVColumn("cells", unit: .count, "the group's cells the estimate is for (the iai estimate's: those with cycles)") {
                String($0.spread.cells)
            },
            CSVColumn(
                "left_out", unit: .count,
                "the group's `ok` cells every estimate leaves out: they keep a second thread busy (a thread hop, two threads "
                    + "contending, an `asyncSequence` row's task), whose wait no count prices"
            ) { String($0.leftOut) },
            CSVColumn("within", unit: .count, "cells whose error is within `tolerance` either way") { String($0.spread.within) },
            CSVColumn("above", unit: .count, "cells whose estimate is above the median by more than `tolerance`") {
                String($0.spread.above)
            },
            CSVColumn("below", unit: .count, "cells whose estimate is below the median by more than `tolerance`") {
                String($0.spread.below)
            },
            CSVColumn("median_abs_error", unit: .fraction, "the median of the errors' magnitudes (`estimate_error`'s)") {
                number($0.spread.medianAbsoluteError)
            },
            CSVColumn("median_error", unit: .fraction, "the median of the signed errors") { number($0.spread.medianError) },
            CSVColumn(
                "error_lower_quartile", unit: .fraction,
                "the lower quartile of the signed errors (Python's `statistics.quantiles`, exclusive method)"
            ) { number($0.spread.quartiles?.lower) },
            CSVColumn("error_upper_quartile", unit: .fraction, "the upper quartile") { number($0.spread.quartiles?.upper) },
            CSVColumn(
                "bracketed", unit: .count,
                "for `estimated_ns_per_unit`: the cells whose median lies between their priced events alone and the dependent "
                    + "bound, `tolerance` either side; empty for the other estimates"
            ) { $0.bracketed.map(String.init) ?? "" },
            CSVColumn("tolerance", unit: .fraction, "how near the median an estimate must be to count as within: 0.2 is ±20%") { _ in
                number(ErrorSpread.tolerance)
            },
            CSVColumn(
                "ns_per_cycle", unit: .nanoseconds,
                "for `iai_estimated_ns_per_unit`: the ns per cycle the cycles were read at (6 decimals); empty for the others"
            ) { ResultTable.format($0.nanosecondsPerCycle, digits: 6) },
        ]
    )
}
