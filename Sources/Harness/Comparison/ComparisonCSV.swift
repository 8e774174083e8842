/// A report as `compare --format csv` prints it, and as `reactive-bench ab` writes it to comparison.csv:
/// a row per cell and metric (one without a metric for a cell in one run only), the cell's verdict first.
public enum ComparisonCSV {
    /// One row: a cell, and one of its metrics (none for a cell in one run only).
    public struct Row: Sendable {
        public let cell: CellComparison
        public let metric: MetricComparison?
    }

    /// The report's rows, in its order.
    public static func rows(_ report: ComparisonReport) -> [Row] {
        report.cells.flatMap { cell in
            cell.metrics.isEmpty ? [Row(cell: cell, metric: nil)] : cell.metrics.map { Row(cell: cell, metric: $0) }
        }
    }

    public static let schema = CSVFileSchema<Row>(
        file: "comparison.csv",
        row: "a cell and one of its metrics as a comparison judged them (`compare --format csv`; `ab` writes it too); a cell in one run only has one row, without a metric",
        columns: [
            CSVColumn(
                "cell_verdict",
                "the cell's verdict, the most urgent of its metrics': `regression`, `improvement`, `undecided` (`ab` only), "
                    + "`slower`, `faster` (times of two separate runs), `only-in-base`, `only-in-new` or `unchanged`"
            ) { $0.cell.verdict.rawValue },
            CSVColumn(ResultColumn.workload.name, "the cell's workload") { $0.cell.key.workload },
            CSVColumn(ResultColumn.implementation.name, "the cell's implementation") { $0.cell.key.implementation },
            CSVColumn("metric", "`status`, `ns_per_unit` (the time) or a count's column; empty for a cell in one run only") {
                $0.metric?.metric ?? ""
            },
            CSVColumn(
                "metric_verdict",
                "the metric's verdict: as `cell_verdict`; `undecided` for a time `ab` measured to its limits without deciding"
            ) { $0.metric?.verdict.rawValue ?? "" },
            CSVColumn("base", "the base's value as the report shows it") { $0.metric?.base ?? "" },
            CSVColumn("new", "the new run's value as the report shows it") { $0.metric?.new ?? "" },
            CSVColumn(
                "change",
                "the change as the report shows it: `+1`, `+20.3% (p=0.0002)`, `ok -> checksum_mismatch`; a paired time "
                    + "`+10.2% [+4.6%, +16.1%] (p<0.0001, 45 pairs, 3 looks)`: the estimate, its interval at the last look"
            ) { $0.metric?.change ?? "" },
            CSVColumn(
                "p_value", unit: .none,
                "the time's p-value: Mann-Whitney U for two runs, Wilcoxon signed-rank of no change over all the pairs for `ab` (for the record: `ab` decides on the intervals)"
            ) { $0.metric?.pValue.map { String($0) } ?? "" },
            CSVColumn("pairs", unit: .count, "for a time `ab` measured: the pairs its verdict is on; empty otherwise") {
                $0.metric?.pairs.map(String.init) ?? ""
            },
            CSVColumn(
                "looks", unit: .count,
                "for a time `ab` measured: how many times its pairs were judged, the last deciding or, at `ab`'s limits, not; empty otherwise"
            ) { $0.metric?.looks.map(String.init) ?? "" },
        ]
    )
}
