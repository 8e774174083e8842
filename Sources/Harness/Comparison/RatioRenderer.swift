/// Prints an ``ImplementationRatioReport`` for a terminal or as Markdown.
public enum RatioRenderer {
    /// A line per workload: both medians, B over A, the p-value of the difference, and the allocation
    /// counts side by side (and, from a run that counted them, instructions per unit and per subscription
    /// with B over A); then the geometric mean of the ratios and the workloads left out.
    public static func render(_ report: ImplementationRatioReport, format: ReportFormat) -> String {
        let a = report.first, b = report.second
        let counted = report.ratios.contains { $0.instructionRatio != nil }
        var header = [
            "workload", "unit", "\(a) ns", "\(b) ns", "\(b)/\(a)", "p", "allocs/unit \(a)", "allocs/unit \(b)",
            "allocs/sub \(a)", "allocs/sub \(b)",
        ]
        if counted {
            header += ["instr/unit \(a)", "instr/unit \(b)", "\(b)/\(a) instr", "instr/sub \(a)", "instr/sub \(b)"]
        }
        let table = TextTable(
            header: header, rows: report.ratios.map { row($0, counted: counted) }, rightAligned: Set(2..<header.count)
        )
        let title = "\(b) over \(a) in \(report.source): median ns per unit, workloads both ran ok"
        var summary: [String] = []
        if let mean = report.geometricMeanRatio {
            summary.append("geometric mean of \(b)/\(a): \(ratioText(mean)) over \(report.ratios.count) workloads")
        }
        summary += report.skipped.map { "skipped \($0)" }
        switch format {
        case .terminal:
            let body = report.ratios.isEmpty ? "no workload that both ran ok" : table.terminal()
            return ([title, "", body, ""] + summary).joined(separator: "\n")
        case .csv:
            var text = CSVTable(header: table.header, rows: table.rows).encoded()
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        case .markdown:
            let body = report.ratios.isEmpty ? "No workload that both ran ok." : table.markdown()
            return (["**\(title)**", "", body, ""] + summary.map { "- \($0)" }).joined(separator: "\n")
        }
    }

    private static func row(_ ratio: ImplementationRatio, counted: Bool) -> [String] {
        func value(_ cell: CellRecord, _ column: String, digits: Int) -> String {
            cell.values[column].map { DecimalText.format($0, digits: digits) } ?? "-"
        }
        let row = [
            ratio.workload, ratio.first.unit.isEmpty ? "-" : ratio.first.unit,
            ratio.first.nanosecondsPerUnitMedian.map(DecimalText.nanoseconds) ?? "-",
            ratio.second.nanosecondsPerUnitMedian.map(DecimalText.nanoseconds) ?? "-",
            ratio.ratio.map(ratioText) ?? "-", ratio.pValue.map(DecimalText.probability) ?? "-",
            value(ratio.first, ResultColumn.allocationsPerUnit.name, digits: 4),
            value(ratio.second, ResultColumn.allocationsPerUnit.name, digits: 4),
            value(ratio.first, ResultColumn.allocationsPerSubscription.name, digits: 2),
            value(ratio.second, ResultColumn.allocationsPerSubscription.name, digits: 2),
        ]
        guard counted else { return row }
        return row + [
            value(ratio.first, ResultColumn.instructionsPerUnit.name, digits: 1),
            value(ratio.second, ResultColumn.instructionsPerUnit.name, digits: 1),
            ratio.instructionRatio.map { DecimalText.format($0, digits: 3) + "x" } ?? "-",
            value(ratio.first, ResultColumn.instructionsPerSubscription.name, digits: 0),
            value(ratio.second, ResultColumn.instructionsPerSubscription.name, digits: 0),
        ]
    }

    private static func ratioText(_ ratio: Double) -> String {
        DecimalText.format(ratio, digits: ratio < 10 ? 2 : 1) + "x"
    }
}
