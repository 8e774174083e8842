import Harness
import Testing

/// Comparisons of synthetic runs with planted changes: what counts as a regression, an improvement or
/// noise. Times are gated here (`--gate-time`); what the default does with them is
/// ``TimeVerdictModeTests``.
struct ComparisonVerdictTests {
    private func compare(
        _ base: SyntheticRun, _ new: SyntheticRun, options: ComparisonOptions = ComparisonOptions(timeVerdicts: .gated)
    ) throws -> ComparisonReport {
        ComparisonReport(base: try base.results("base/results.csv"), new: try new.results("new/results.csv"), options: options)
    }

    private func cell(_ report: ComparisonReport, _ workload: String, _ implementation: String) throws -> CellComparison {
        try #require(report.cells.first { $0.key == CellKey(workload: workload, implementation: implementation) })
    }

    private func metric(_ cell: CellComparison, _ name: String) throws -> MetricComparison {
        try #require(cell.metrics.first { $0.metric == name })
    }

    @Test func identicalRunsAreUnchanged() throws {
        let run = SyntheticRun(seed: 1)
        let report = try compare(run, run)
        #expect(report.cells.count == 9)
        #expect(report.count(.unchanged) == 9)
        #expect(!report.hasRegression)
        for cell in report.cells {
            #expect(cell.metrics.allSatisfy { $0.verdict == .unchanged }, "\(cell.key)")
            #expect(try metric(cell, TimeMetric.name).pValue == 1, "\(cell.key)")
        }
    }

    @Test func onePlantedAllocationPerElementIsARegression() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "builtin") { cell in
            cell.allocationsPerUnit += 1
            cell.bytesPerUnit += 32
        }
        let report = try compare(base, new)
        #expect(report.hasRegression)
        #expect(report.count(.regression) == 1 && report.count(.unchanged) == 8)
        let regressed = try cell(report, "map", "builtin")
        #expect(report.cells.first == regressed, "regressions come first")
        #expect(try metric(regressed, "allocations_per_unit").verdict == .regression)
        #expect(try metric(regressed, "allocations_per_unit").change == "+1")
        #expect(try metric(regressed, "bytes_per_unit").verdict == .regression)
        #expect(try metric(regressed, TimeMetric.name).verdict == .unchanged)
    }

    @Test func aTwentyPercentSlowdownInEverySampleIsARegression() throws {
        let base = SyntheticRun(seed: 1)
        var new = SyntheticRun(seed: 2)
        new.update("map", "rxSink") { cell in cell.samples = cell.samples.map { $0 * 1.2 } }
        let report = try compare(base, new)
        let time = try metric(try cell(report, "map", "rxSink"), TimeMetric.name)
        #expect(time.verdict == .regression)
        #expect(try #require(time.pValue) < 0.001)
        #expect(time.change.hasPrefix("+"))
        #expect(report.count(.regression) == 1, "the other cells only jitter: \(report.summary)")
    }

    @Test(arguments: [2, 3, 4, 5] as [UInt64])
    func jitterOfThreePercentIsUnchanged(seed: UInt64) throws {
        let report = try compare(SyntheticRun(seed: 1), SyntheticRun(seed: seed))
        #expect(report.count(.unchanged) == 9, "\(report.summary)")
    }

    /// Three repetitions a side cannot show a difference at alpha 0.01: the most extreme split has
    /// p = 0.1, however far apart the samples are.
    @Test func aTwentyPercentShiftFromThreeSamplesIsNotFlagged() throws {
        let base = SyntheticRun(seed: 1, samples: 3)
        var new = base
        new.update("map", "builtin") { cell in cell.samples = cell.samples.map { $0 * 1.2 } }
        let time = try metric(try cell(try compare(base, new), "map", "builtin"), TimeMetric.name)
        #expect(time.verdict == .unchanged)
        #expect(time.pValue == 0.1)
    }

    /// Medians 100 and 120, but samples spread from 60 to 168 (120 in both): the exact p over every split,
    /// as SciPy's `permutation_test` computes it, is 0.1051.
    @Test func aTwentyPercentShiftWithHighOverlapIsNotFlagged() throws {
        let spread: [Double] = [60, 80, 90, 100, 110, 120, 140, 70, 130, 95, 105]
        var base = SyntheticRun(seed: 1), new = SyntheticRun(seed: 1)
        base.update("map", "builtin") { cell in cell.samples = spread }
        new.update("map", "builtin") { cell in cell.samples = spread.map { $0 * 1.2 } }
        let time = try metric(try cell(try compare(base, new), "map", "builtin"), TimeMetric.name)
        #expect(time.verdict == .unchanged)
        #expect(abs(try #require(time.pValue) - 0.10509871964980325) < 1e-12)
        #expect(time.change.hasPrefix("+20.0%"))
    }

    @Test func aRaisedThresholdLetsATwentyPercentSlowdownPass() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "rxSink") { cell in cell.samples = cell.samples.map { $0 * 1.2 } }
        #expect(try compare(base, new).hasRegression)
        #expect(!(try compare(base, new, options: ComparisonOptions(timeThresholdPercent: 25, timeVerdicts: .gated)).hasRegression))
    }

    @Test func fasterAndFewerAllocationsIsAnImprovement() throws {
        let base = SyntheticRun(seed: 1)
        var new = SyntheticRun(seed: 2)
        new.update("map", "builtin") { cell in
            cell.samples = cell.samples.map { $0 * 0.8 }
            cell.allocationsPerSubscription = 4
        }
        let report = try compare(base, new)
        #expect(!report.hasRegression)
        let improved = try cell(report, "map", "builtin")
        #expect(improved.verdict == .improvement)
        #expect(report.cells.first == improved)
        #expect(try metric(improved, TimeMetric.name).verdict == .improvement)
        #expect(try metric(improved, "allocations_per_subscription").verdict == .improvement)
    }

    @Test(arguments: [
        ("ok", "checksum_mismatch", Verdict.regression), ("ok", "crashed", .regression), ("ok", "unsupported", .regression),
        ("checksum_mismatch", "ok", .improvement), ("unsupported", "ok", .improvement), ("crashed", "timeout", .unchanged),
        ("unsupported", "unsupported", .unchanged),
    ])
    func aStatusChange(from before: String, to after: String, is verdict: Verdict) throws {
        var base = SyntheticRun(seed: 1), new = SyntheticRun(seed: 1)
        base.update("map", "builtin") { cell in cell.status = before }
        new.update("map", "builtin") { cell in cell.status = after }
        let changed = try cell(try compare(base, new), "map", "builtin")
        #expect(changed.verdict == verdict)
        let status = try metric(changed, "status")
        #expect(status.verdict == verdict)
        #expect(status.change == (before == after ? "" : "\(before) -> \(after)"))
        if before != "ok" || after != "ok" {
            #expect(changed.metrics.count == 1, "a cell that is not ok on both sides has no numbers to compare")
        }
    }

    /// A cell only in the new run is news; a cell of the base the new run lost fails the comparison (a CI
    /// whose new run crashed half-way must not pass), unless `--only-common` says it was meant.
    @Test func cellsInOneRunOnlyAreNoRegressionButALostCellFails() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.cells.removeAll { $0.workload == "floor" && $0.implementation == "rxSink" }
        new.cells.append(SyntheticCell(workload: "demand (unlimited)", implementation: "builtin", samples: [1, 2, 3]))
        let report = try compare(base, new)
        #expect(!report.hasRegression)
        #expect(report.count(.onlyInBase) == 1 && report.count(.onlyInNew) == 1)
        #expect(try cell(report, "floor", "rxSink").verdict == .onlyInBase)
        #expect(try cell(report, "demand (unlimited)", "builtin").verdict == .onlyInNew)
        #expect(report.cells.prefix(2).map(\.verdict) == [.onlyInBase, .onlyInNew])
        #expect(report.summary == "10 cells: 1 only in base, 1 only in new, 8 unchanged")
        #expect(report.fails)
        #expect(report.missingFromNew == [CellKey(workload: "floor", implementation: "rxSink")])
        let text = ComparisonRenderer.render(report, format: .terminal)
        #expect(text.contains(
            "error: the new run lacks 1 of the base's 9 cells (floor / rxSink): a run that lost cells fails; "
                + "--only-common compares the cells both runs have"
        ))
        #expect(text.hasSuffix("verdict: missing cells (10 cells: 1 only in base, 1 only in new, 8 unchanged)"))

        var onlyCommon = ComparisonOptions(timeVerdicts: .gated)
        onlyCommon.onlyCommon = true
        let narrowed = try compare(base, new, options: onlyCommon)
        #expect(!narrowed.fails)
        #expect(ComparisonRenderer.verdictLine(narrowed)
            == "verdict: no regression (10 cells: 1 only in base, 1 only in new, 8 unchanged; --only-common: 1 only in base, not judged)")

        var grown = base
        grown.cells.append(SyntheticCell(workload: "demand (unlimited)", implementation: "builtin", samples: [1, 2, 3]))
        #expect(!(try compare(base, grown).fails), "a cell only in new is news, not a failure")
    }

    @Test(arguments: [(0.0, 64.0, Verdict.regression), (-64, 0, .unchanged), (128, 0, .improvement), (0, 0, .unchanged)])
    func retainedBytesRegressOnlyWhenTheyRiseAboveZero(from before: Double, to after: Double, is verdict: Verdict) throws {
        var base = SyntheticRun(seed: 1), new = SyntheticRun(seed: 1)
        base.update("map", "builtin") { cell in cell.retainedBytes = before }
        new.update("map", "builtin") { cell in cell.retainedBytes = after }
        #expect(try metric(try cell(try compare(base, new), "map", "builtin"), "retained_bytes").verdict == verdict)
    }

    @Test func countsWithinTheirToleranceAreUnchanged() throws {
        var base = SyntheticRun(seed: 1), new = SyntheticRun(seed: 1)
        base.update("subscribeChurn", "builtin") { cell in cell.allocationsPerSubscription = 4 }
        new.update("subscribeChurn", "builtin") { cell in
            cell.allocationsPerSubscription = 4.01
            cell.allocationsPerUnit = 0.001
            cell.bytesPerSubscription = 385
        }
        #expect(try cell(try compare(base, new), "subscribeChurn", "builtin").verdict == .unchanged)
    }

    @Test func requestCallsCompareExactly() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "builtin") { cell in cell.requestCallsPerUnit = 1 }
        let calls = try metric(try cell(try compare(base, new), "map", "builtin"), "request_calls_per_unit")
        #expect(calls.verdict == .regression)
    }
}
