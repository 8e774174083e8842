import Harness
import Testing

/// `compare` marks a time change where a side's repetitions were timed on a disturbed machine and all kept
/// (its row's `detail`), and counts those cells under the table: the change may be the machine's.
struct DisturbedTimeComparisonTests {
    private let note = KeptDisturbedNote.text(quiet: 2, of: 11, why: " (4 had a CPU for less than 95% of their time)")

    @Test func theNoteIsFoundAloneOrAfterAnotherButNotInOtherText() {
        #expect(note == "machine disturbed: only 2 of 11 repetitions were quiet (4 had a CPU for less than 95% of their time); all are kept")
        #expect(KeptDisturbedNote.isIn(note))
        #expect(KeptDisturbedNote.isIn("unspecialised: made from an existential style; \(note)"))
        #expect(!KeptDisturbedNote.isIn("machine disturbed: 6 more repetitions (pass 1) map / builtin"))
        #expect(!KeptDisturbedNote.isIn(""))
    }

    /// map/builtin 30% slower in the new run; its row kept disturbed repetitions on the side `disturbed` names.
    private func report(disturbed: Set<String>) throws -> ComparisonReport {
        var base = SyntheticRun(seed: 1)
        var new = SyntheticRun(seed: 2)
        new.update("map", "builtin") { cell in cell.samples = cell.samples.map { $0 * 1.3 } }
        if disturbed.contains("base") { base.update("map", "builtin") { $0.extra["detail"] = note } }
        if disturbed.contains("new") { new.update("map", "builtin") { $0.extra["detail"] = note } }
        return ComparisonReport(base: try base.results("base/results.csv"), new: try new.results("new/results.csv"))
    }

    private func timeChange(_ report: ComparisonReport) throws -> MetricComparison {
        let cell = try #require(report.cells.first { $0.key.workload == "map" && $0.key.implementation == "builtin" })
        return try #require(cell.metrics.first { $0.metric == TimeMetric.name })
    }

    @Test func aChangeWithADisturbedSideSaysWhichAndKeepsItsVerdict() throws {
        let quiet = try timeChange(report(disturbed: []))
        #expect(quiet.verdict == .slower)
        #expect(!quiet.change.contains("machine disturbed"))
        for (sides, mark) in [(["new"], "; new: machine disturbed"), (["base"], "; base: machine disturbed"), (["base", "new"], "; both: machine disturbed")] {
            let marked = try timeChange(report(disturbed: Set(sides)))
            #expect(marked.change == quiet.change + mark)
            #expect(marked.verdict == quiet.verdict)
        }
    }

    @Test func theReportCountsTheChangedCellsTimedOnADisturbedMachine() throws {
        let terminal = ComparisonRenderer.render(try report(disturbed: ["new"]), format: .terminal)
        #expect(terminal.contains("note: 1 of the 1 cells whose time changed were timed on a disturbed machine"))
        let markdown = ComparisonRenderer.render(try report(disturbed: ["new"]), format: .markdown)
        #expect(markdown.contains("> **note:** 1 of the 1 cells whose time changed were timed on a disturbed machine"))
        #expect(!ComparisonRenderer.render(try report(disturbed: []), format: .terminal).contains("disturbed machine"))
    }
}
