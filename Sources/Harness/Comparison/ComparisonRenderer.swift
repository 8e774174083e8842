/// Prints a ``ComparisonReport`` for a terminal or as Markdown for a CI step summary.
public enum ComparisonRenderer {
    /// The report: where the runs come from, notes on their environments, a table of the cells that
    /// changed (every cell and metric with `showAll`), the rules applied and a one-line verdict.
    public static func render(_ report: ComparisonReport, format: ReportFormat, showAll: Bool = false) -> String {
        let table = table(report, showAll: showAll)
        let hidden = showAll ? 0 : report.count(.unchanged)
        switch format {
        case .terminal: return terminal(report, table: table, hiddenUnchanged: hidden)
        case .markdown: return markdown(report, table: table, hiddenUnchanged: hidden)
        case .csv: return csv(report)
        }
    }

    /// `verdict: regression (32 cells: 2 regressions, 30 unchanged)`, `verdict: missing cells (...)` when
    /// the new run lost cells of the base, `verdict: undecided (...)` when neither but a cell's time was
    /// not decided, or `verdict: no regression (...)`; with `--only-common`, the summary says the
    /// comparison was narrowed.
    public static func verdictLine(_ report: ComparisonReport) -> String {
        "verdict: \(verdictWord(report)) (\(report.summary)\(narrowed(report)))"
    }

    private static func verdictWord(_ report: ComparisonReport) -> String {
        if report.hasRegression { return "regression" }
        if report.fails { return "missing cells" }
        return report.hasUndecided ? "undecided" : "no regression"
    }

    private static func narrowed(_ report: ComparisonReport) -> String {
        let missing = report.missingFromNew.count
        guard report.options.onlyCommon, missing > 0 else { return "" }
        return "; --only-common: \(missing) only in base, not judged"
    }
}

// MARK: - Formats

extension ComparisonRenderer {
    private static func terminal(_ report: ComparisonReport, table: TextTable, hiddenUnchanged: Int) -> String {
        var lines = ["base: \(report.baseSource)", "new:  \(report.newSource)"]
        lines += report.environmentNotes.map(\.description)
        if let shift = shiftNote(report) { lines.append("note: \(shift)") }
        lines.append("")
        lines.append(table.rows.isEmpty ? "no cell changed" : table.terminal())
        if hiddenUnchanged > 0 && !table.rows.isEmpty {
            lines.append("(\(hiddenUnchanged) unchanged cells not listed: --all lists every cell)")
        }
        if let disturbed = disturbedNote(report) { lines.append("note: \(disturbed)") }
        lines += [""] + rules(report.options) + (report.missingCellsLine.map { ["error: \($0)"] } ?? [])
            + [verdictLine(report)]
        return lines.joined(separator: "\n")
    }

    private static func markdown(_ report: ComparisonReport, table: TextTable, hiddenUnchanged: Int) -> String {
        var lines = ["**reactive-bench compare: \(verdictWord(report))** (\(report.summary)\(narrowed(report)))", ""]
        if let missing = report.missingCellsLine { lines += ["**\(missing)**", ""] }
        lines.append("Base `\(report.baseSource)`, new `\(report.newSource)`.")
        let shift = shiftNote(report).map { EnvironmentNote(.note, $0) }
        let notes = report.environmentNotes + (shift.map { [$0] } ?? [])
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "> **\($0.level.rawValue):** \($0.message)  " }
        }
        lines.append("")
        if table.rows.isEmpty {
            lines.append("No cell changed.")
        } else {
            lines.append(table.markdown())
            if hiddenUnchanged > 0 { lines += ["", "\(hiddenUnchanged) unchanged cells not listed."] }
        }
        if let disturbed = disturbedNote(report) { lines += ["", "> **note:** \(disturbed)"] }
        lines += [""] + [rules(report.options).joined(separator: " ")]
        return lines.joined(separator: "\n")
    }

    /// ``ComparisonCSV``'s table, without the last line break.
    private static func csv(_ report: ComparisonReport) -> String {
        var text = ComparisonCSV.schema.table(ComparisonCSV.rows(report)).encoded()
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The rules applied, in two sentences.
    private static func rules(_ options: ComparisonOptions) -> [String] {
        let threshold = DecimalText.format(options.timeThresholdPercent, digits: 2)
        let alpha = DecimalText.format(options.alpha, digits: 6)
        let instructions = DecimalText.format(options.instructionsThresholdPercent, digits: 2)
        let times: String
        switch (options.metrics, options.timeVerdicts) {
        case (.counts, _):
            times = "Times are not compared (--metrics counts): the status and the counts only."
        case (.all, .informational):
            times = "Times only inform here (two separate runs; gate on time with reactive-bench ab): slower or "
                + "faster when the medians, net of the run's shift, differ by more than \(threshold)% and "
                + "Mann-Whitney U gives p < \(alpha)."
        case (.all, .gated):
            times = "Times change (--gate-time) when the medians, net of the run's shift, differ by more than "
                + "\(threshold)% and Mann-Whitney U gives p < \(alpha)."
        case (.all, .paired):
            let half = DecimalText.format(options.timeThresholdPercent / 2, digits: 2)
            let looks = options.pairedLooks.map { ", in looks of \($0.pairsPerLook) pairs up to \($0.maximumPairs) until one decides" } ?? ""
            times = "Times are judged on the paired ratios new/base (Hodges-Lehmann, base and new run alternately)\(looks): "
                + "a regression or improvement when the interval clears \(half)% and the estimate \(threshold)%, unchanged "
                + "when the interval lies within \(threshold)%, undecided otherwise (the intervals of all looks together "
                + "miss the true change with probability at most \(alpha))."
        }
        return [
            times,
            "Counts change when they differ by more than their tolerance (instructions: \(instructions)%); "
                + "see docs/COMPARE.md.",
        ]
    }

    /// How many of the cells whose time changed were timed on a disturbed machine, on either side, or nil.
    private static func disturbedNote(_ report: ComparisonReport) -> String? {
        let changed = report.cells.filter { cell in
            cell.metrics.contains { $0.metric == TimeMetric.name && $0.verdict != .unchanged }
        }
        let disturbed = changed.count { $0.base?.keptDisturbed == true || $0.new?.keptDisturbed == true }
        guard disturbed > 0 else { return nil }
        return "\(disturbed) of the \(changed.count) cells whose time changed were timed on a disturbed machine "
            + "(\"\(TimeMetric.disturbedMark)\": fewer than half their repetitions quiet, all kept; results.csv's "
            + "`detail`): their change may be the machine's, not the code's"
    }

    /// What the run's shift is, when times were judged net of one.
    private static func shiftNote(_ report: ComparisonReport) -> String? {
        guard let shift = report.runShift else { return nil }
        return "the new run ran \(DecimalText.percent(shift.percent)) against the base as a whole (the median "
            + "over \(shift.cells) cells): each cell's time is judged net of that"
    }
}

// MARK: - Table

extension ComparisonRenderer {
    private static func table(_ report: ComparisonReport, showAll: Bool) -> TextTable {
        var rows: [[String]] = []
        for cell in report.cells where showAll || cell.verdict != .unchanged {
            let prefix = [cell.verdict.rawValue, cell.key.workload, cell.key.implementation]
            let metrics = showAll ? cell.metrics : cell.metrics.filter { $0.verdict != .unchanged }
            if metrics.isEmpty {
                rows.append(prefix + placeholder(cell))
            }
            for metric in metrics {
                rows.append(prefix + [metric.metric, metric.base, metric.new, metric.change])
            }
        }
        return TextTable(
            header: ["verdict", "workload", "implementation", "metric", "base", "new", "change"], rows: rows,
            rightAligned: [4, 5, 6]
        )
    }

    /// The row of a cell without metrics to show: one in a single run shows its status there.
    private static func placeholder(_ cell: CellComparison) -> [String] {
        ["status", cell.base?.status ?? "-", cell.new?.status ?? "-", ""]
    }
}
