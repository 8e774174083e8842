import Foundation
import Harness
import Testing

/// What `ab` exits with for each outcome of its comparison (``ComparisonReport/exitStatus``): 0 when every
/// time was decided and nothing regressed, 1 when a cell regressed or the new build lost cells, 4 when
/// neither but a time is undecided. Paired samples, judged at one look of 15 pairs.
struct ABExitStatusTests {
    private static let base = (0..<15).map { 100 + Double($0) }

    /// `map / builtin` with its new samples `new`, beside `filter / builtin`, unchanged, and maybe a cell only
    /// the base has.
    private func report(_ new: [Double], allocations: Double = 0, lost: Bool = false) throws -> ComparisonReport {
        let cells = ["map", "filter"].map { SyntheticCell(workload: $0, implementation: "builtin", samples: Self.base) }
        var after = SyntheticRun(cells: cells)
        after.update("map", "builtin") { cell in
            cell.samples = new
            cell.allocationsPerUnit = allocations
        }
        var before = SyntheticRun(cells: cells)
        if lost { before.cells.append(SyntheticCell(workload: "scan", implementation: "builtin", samples: Self.base)) }
        return ComparisonReport(
            base: try before.results(), new: try after.results(), options: ComparisonOptions(timeThresholdPercent: 8, timeVerdicts: .paired)
        )
    }

    /// Pairs 15% apart either way: an interval that straddles both the threshold and no change.
    private static let straddling = base.enumerated().map { $0.element * ($0.offset.isMultiple(of: 2) ? 1.15 : 0.87) }

    @Test func everyOutcomeHasItsExitStatus() throws {
        let unchanged = try report(Self.base)
        #expect(unchanged.exitStatus == 0 && unchanged.summary == "2 cells: 2 unchanged")
        let regressed = try report(Self.base.map { $0 * 1.2 })
        #expect(regressed.exitStatus == 1 && regressed.summary == "2 cells: 1 regression, 1 unchanged")
        let undecided = try report(Self.straddling)
        #expect(undecided.exitStatus == ComparisonReport.undecidedExitStatus && undecided.exitStatus == 4, "\(undecided.summary)")
        #expect(undecided.summary == "2 cells: 1 undecided, 1 unchanged")
        let improved = try report(Self.base.map { $0 * 0.8 })
        #expect(improved.exitStatus == 0 && improved.summary == "2 cells: 1 improvement, 1 unchanged")
    }

    /// A regression outranks an undecided time, in the cell and in the exit status; so does a lost cell.
    @Test func aRegressionOrALostCellOutranksAnUndecidedTime() throws {
        let both = try report(Self.straddling, allocations: 1)
        #expect(both.cells.first?.verdict == .regression)
        #expect(both.cells.first?.metrics.map(\.verdict) == [.undecided, .regression, .unchanged, .unchanged, .unchanged, .unchanged, .unchanged])
        #expect(both.exitStatus == 1)
        let lost = try report(Self.straddling, lost: true)
        #expect(lost.exitStatus == 1 && lost.hasUndecided)
        #expect(ComparisonRenderer.render(lost, format: .terminal).hasSuffix("verdict: missing cells (3 cells: 1 undecided, 1 only in base, 1 unchanged)"))
    }

    /// An undecided cell is listed and written as undecided, with its interval and pairs: never unchanged.
    @Test func anUndecidedCellIsReportedSo() throws {
        let report = try report(Self.straddling)
        let text = ComparisonRenderer.render(report, format: .terminal)
        #expect(text.contains("undecided"), "\(text)")
        #expect(text.hasSuffix("verdict: undecided (2 cells: 1 undecided, 1 unchanged)"), "\(text)")
        let markdown = ComparisonRenderer.render(report, format: .markdown)
        #expect(markdown.hasPrefix("**reactive-bench compare: undecided** (2 cells: 1 undecided, 1 unchanged)"), "\(markdown)")
        let csv = try CSVTable.decode(ComparisonRenderer.render(report, format: .csv, showAll: true))
        let time = try #require(csv.rows.first { $0[csv.column("metric")!] == TimeMetric.name })
        #expect(time[csv.column("cell_verdict")!] == "undecided" && time[csv.column("metric_verdict")!] == "undecided")
        #expect(time[csv.column("change")!].contains("[") && time[csv.column("pairs")!] == "15" && time[csv.column("looks")!] == "1")
        #expect(csv.header == ComparisonCSV.schema.header)
    }
}
