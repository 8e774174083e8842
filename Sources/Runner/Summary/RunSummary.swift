import Foundation
import Harness

/// The answer a run gives, as the tool prints it after a run and `reactive-bench summary` prints it for
/// any run: first what one more stage costs per implementation (from the fits), then every workload's
/// implementations ranked, with each one's ratio to the fastest and whether the difference is significant.
public struct RunSummary: Sendable {
    public var stageTables: [StageCostTable]
    public var rankings: [StyleRanking]

    /// The summary of `run`; an instruction run of the same build, if given, adds its instructions per
    /// stage (a time run has none).
    public init(run: RunResults, instructionRun: RunResults? = nil) {
        let instructionFits = instructionRun.map { FitTable.fits($0).filter { !["ns", "allocations"].contains($0.metric) } } ?? []
        let fits = FitTable.fits(run) + instructionFits
        stageTables = StageCostTable.tables(fits) + StageCostTable.anatomyTables(fits)
        rankings = StyleRanking.rankings(run)
    }

    public static let notSignificantMark = "~"

    /// `terminal` or `markdown` (`csv` is taken as markdown: fits.csv and results.csv are the data).
    public func render(_ format: ReportFormat) -> String {
        let render: (TextTable) -> String = format == .terminal ? { $0.terminal() } : { $0.markdown() }
        var parts: [String] = []
        if stageTables.isEmpty {
            parts.append("No sweep with three or more stages (subscribers) in this run: no per-stage costs (run the default suite or --full).")
        } else {
            parts.append("What one more stage costs (fits.csv: cost = intercept + slope x stages, least squares over the repetitions)")
            for stage in stageTables { parts.append(stage.caption + ":\n\n" + render(stage.table)) }
        }
        if !rankings.isEmpty {
            parts.append(
                "Each workload, implementations fastest first (median ns per unit; x: over the fastest; "
                    + "\(Self.notSignificantMark): not significantly slower than the fastest, i.e. by less than "
                    + "\(marginText) or with Mann-Whitney p >= \(DecimalText.format(StyleRanking.alpha, digits: 2))):"
                    + "\n\n" + render(rankingTable)
            )
        }
        return parts.joined(separator: "\n\n")
    }

    /// "25%", or "25% (asyncHop 100%)" when a ranked workload has a margin of its own.
    private var marginText: String {
        let percent = { (margin: Double) in DecimalText.format(margin * 100, digits: 0) + "%" }
        let usual = StyleRanking.minimumRatio - 1
        let own = rankings.map(\.workload).filter { StyleRanking.margin(of: $0) != usual }
            .map { "\($0) \(percent(StyleRanking.margin(of: $0)))" }
        return percent(usual) + (own.isEmpty ? "" : " (" + own.joined(separator: ", ") + ")")
    }

    private var rankingTable: TextTable {
        let width = rankings.map(\.entries.count).max() ?? 0
        let rows = rankings.map { ranking -> [String] in
            let cells = ranking.entries.enumerated().map { index, entry in
                index == 0
                    ? "\(entry.implementation) \(DecimalText.nanoseconds(entry.medianNanoseconds)) ns"
                    : "\(entry.implementation) \(String(format: "%.2f", entry.ratioToFastest))x"
                        + (entry.significantlySlower ? "" : Self.notSignificantMark)
            }
            return [ranking.workload, ranking.unit] + cells + Array(repeating: "", count: width - cells.count)
        }
        return TextTable(
            header: ["workload", "per", "fastest"] + (1..<max(width, 1)).map { "#\($0 + 1)" }, rows: rows
        )
    }
}
