import Harness
import Testing

/// The report as printed: what changed first, everything with `showAll`, a one-line verdict, and a
/// Markdown table for CI.
struct ComparisonRendererTests {
    /// map/builtin gains an allocation per element, floor/rxSink is gone, the cross-module optimisation
    /// was off in the new run.
    private func report() throws -> ComparisonReport {
        var base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "builtin") { cell in cell.allocationsPerUnit = 1 }
        new.cells.removeAll { $0.workload == "floor" && $0.implementation == "rxSink" }
        base.environment = ["cross_module_optimization": "true", "git_commit": "a"]
        new.environment = ["cross_module_optimization": "false", "git_commit": "b"]
        return ComparisonReport(base: try base.results("base/results.csv"), new: try new.results("new/results.csv"))
    }

    @Test func theTerminalTableListsWhatChangedAndEndsWithTheVerdict() throws {
        let text = ComparisonRenderer.render(try report(), format: .terminal)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "base: base/results.csv")
        #expect(lines.contains("note: different commits (base a, new b)"))
        #expect(lines.contains { $0.hasPrefix("warning: cross_module_optimization differs (base true, new false)") })
        let rows = lines.filter { $0.hasPrefix("regression") || $0.hasPrefix("only-in") || $0.hasPrefix("unchanged") }
        #expect(rows.count == 2, "\(text)")
        #expect(rows.first?.split(separator: " ", omittingEmptySubsequences: true) == [
            "regression", "map", "builtin", "allocations_per_unit", "0", "1", "+1",
        ])
        #expect(rows.last?.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["only-in-base", "floor", "rxSink"])
        #expect(lines.contains("(7 unchanged cells not listed: --all lists every cell)"))
        #expect(lines.last == "verdict: regression (9 cells: 1 regression, 1 only in base, 7 unchanged)")
    }

    @Test func showAllListsEveryMetricOfEveryCell() throws {
        let report = try report()
        let text = ComparisonRenderer.render(report, format: .terminal, showAll: true)
        let unchangedRows = text.split(separator: "\n").filter { $0.hasPrefix("unchanged ") }
        #expect(unchangedRows.count == report.cells.filter { $0.verdict == .unchanged }.map(\.metrics.count).reduce(0, +))
        #expect(!text.contains("not listed"))
    }

    @Test func markdownIsAVerdictLineAndAGitHubTable() throws {
        let text = ComparisonRenderer.render(try report(), format: .markdown)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "**reactive-bench compare: regression** (9 cells: 1 regression, 1 only in base, 7 unchanged)")
        #expect(lines.contains("| verdict | workload | implementation | metric | base | new | change |"))
        #expect(lines.contains("|---|---|---|---|---:|---:|---:|"))
        #expect(lines.contains("| regression | map | builtin | allocations_per_unit | 0 | 1 | +1 |"))
        #expect(lines.contains { $0.hasPrefix("> **warning:** cross_module_optimization differs") })
    }

    @Test func aCleanComparisonSaysSo() throws {
        let run = try SyntheticRun(seed: 1).results()
        let report = ComparisonReport(base: run, new: run)
        let terminal = ComparisonRenderer.render(report, format: .terminal)
        #expect(terminal.contains("no cell changed"))
        #expect(terminal.hasSuffix("verdict: no regression (9 cells: 9 unchanged)"))
        let markdown = ComparisonRenderer.render(report, format: .markdown)
        #expect(markdown.hasPrefix("**reactive-bench compare: no regression** (9 cells: 9 unchanged)"))
        #expect(markdown.contains("No cell changed."))
    }

    @Test func aPipeInAWorkloadNameIsEscapedInMarkdown() throws {
        var base = SyntheticRun(cells: [SyntheticCell(workload: "a|b", implementation: "builtin", samples: [1, 2])])
        base.cells[0].allocationsPerUnit = 0
        var new = base
        new.cells[0].allocationsPerUnit = 2
        let report = ComparisonReport(base: try base.results(), new: try new.results())
        #expect(ComparisonRenderer.render(report, format: .markdown).contains("| regression | a\\|b | builtin |"))
    }
}
