import Foundation
import Harness
import Testing

/// How times are judged: two separate runs by default only inform (`slower`, `faster`), judged net of
/// the new run's shift as a whole; `--gate-time` makes the same change a regression; paired samples
/// (`reactive-bench ab`) are judged on their ratios.
struct TimeVerdictModeTests {
    private func cell(_ report: ComparisonReport, _ workload: String, _ implementation: String) throws -> CellComparison {
        try #require(report.cells.first { $0.key == CellKey(workload: workload, implementation: implementation) })
    }

    private func time(_ cell: CellComparison) throws -> MetricComparison {
        try #require(cell.metrics.first { $0.metric == TimeMetric.name })
    }

    /// Twelve workloads x three implementations: enough cells for the run's shift.
    private func wideRun(seed: UInt64, scale: Double = 1) -> SyntheticRun {
        var generator = SeededGenerator(seed: seed)
        let cells = (1...12).flatMap { index in
            ["baseline", "builtin", "rxSink"].map { implementation in
                SyntheticCell(
                    workload: "w\(index)", implementation: implementation,
                    samples: generator.jittered(around: 100 * scale, percent: 2, count: 11)
                )
            }
        }
        return SyntheticRun(cells: cells)
    }

    @Test func byDefaultATimeChangeOfTwoRunsInformsAndNeverFails() throws {
        let base = SyntheticRun(seed: 1)
        var new = SyntheticRun(seed: 2)
        new.update("map", "rxSink") { cell in cell.samples = cell.samples.map { $0 * 1.2 } }
        new.update("map", "builtin") { cell in cell.samples = cell.samples.map { $0 * 0.8 } }
        let report = ComparisonReport(base: try base.results(), new: try new.results())
        #expect(!report.hasRegression)
        #expect(try cell(report, "map", "rxSink").verdict == .slower)
        #expect(try time(try cell(report, "map", "rxSink")).verdict == .slower)
        #expect(try cell(report, "map", "builtin").verdict == .faster)
        #expect(report.summary == "9 cells: 1 slower, 1 faster, 7 unchanged")
        #expect(report.cells.prefix(2).map(\.verdict) == [.slower, .faster], "changes are listed first")
        let text = ComparisonRenderer.render(report, format: .terminal)
        #expect(text.hasSuffix("verdict: no regression (9 cells: 1 slower, 1 faster, 7 unchanged)"))
        #expect(text.contains("Times only inform here"))
    }

    @Test func aCountRegressionStillFailsBesideAnInformativeTime() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "rxSink") { cell in
            cell.samples = cell.samples.map { $0 * 1.2 }
            cell.allocationsPerUnit = 1
        }
        let report = ComparisonReport(base: try base.results(), new: try new.results())
        #expect(report.hasRegression)
        #expect(try cell(report, "map", "rxSink").verdict == .regression)
        #expect(try time(try cell(report, "map", "rxSink")).verdict == .slower)
    }

    /// The whole new run 8% slower (every process of it shares its luck): no cell changed relative to
    /// its run, and the note says how much the run moved.
    @Test func aWholeRunShiftIsNoChange() throws {
        let report = ComparisonReport(
            base: try wideRun(seed: 1).results(), new: try wideRun(seed: 2, scale: 1.08).results(),
            options: ComparisonOptions(timeVerdicts: .gated)
        )
        let shift = try #require(report.runShift)
        #expect(shift.cells == 36)
        #expect(abs(shift.percent - 8) < 1.5, "\(shift)")
        #expect(report.count(.unchanged) == 36, "\(report.summary)")
        #expect(!report.hasRegression)
        let text = ComparisonRenderer.render(report, format: .terminal)
        #expect(text.contains("note: the new run ran +"), "\(text)")
    }

    /// Within a run 8% slower, one cell 30% slower is 20% slower than its run: a change, and the
    /// change column gives both the net and the raw figure.
    @Test func aCellSlowerThanItsRunIsAChangeNetOfTheShift() throws {
        var new = wideRun(seed: 2, scale: 1.08)
        new.update("w3", "builtin") { cell in cell.samples = cell.samples.map { $0 * 1.2 } }
        let report = ComparisonReport(
            base: try wideRun(seed: 1).results(), new: try new.results(), options: ComparisonOptions(timeVerdicts: .gated)
        )
        let changed = try time(try cell(report, "w3", "builtin"))
        #expect(changed.verdict == .regression)
        #expect(changed.change.contains(" net ("), "\(changed.change)")
        #expect(changed.change.contains(" raw, p"), "\(changed.change)")
        #expect(report.count(.regression) == 1, "\(report.summary)")
    }

    @Test func fewerCellsThanTheMinimumGiveNoShift() throws {
        let report = ComparisonReport(base: try SyntheticRun(seed: 1).results(), new: try SyntheticRun(seed: 2).results())
        #expect(report.runShift == nil, "9 cells are fewer than \(RunShift.minimumCells)")
    }

    @Test func pairedTimesAreNotShifted() throws {
        let report = ComparisonReport(
            base: try wideRun(seed: 1).results(), new: try wideRun(seed: 2, scale: 1.08).results(),
            options: ComparisonOptions(timeVerdicts: .paired)
        )
        #expect(report.runShift == nil)
        #expect(report.count(.regression) == 36, "every pair is 8% slower: \(report.summary)")
    }
}

/// Paired samples: the i-th base sample goes with the i-th new one (`reactive-bench ab` measures them
/// one after the other), so what the machine did to both cancels in their ratio.
struct PairedTimeTests {
    private func compare(_ base: [Double], _ new: [Double], threshold: Double = 5) throws -> MetricComparison {
        let before = CellRecord(key: CellKey(workload: "map", implementation: "builtin"), status: "ok", samples: base)
        let after = CellRecord(key: CellKey(workload: "map", implementation: "builtin"), status: "ok", samples: new)
        let options = ComparisonOptions(timeThresholdPercent: threshold, timeVerdicts: .paired)
        return try #require(TimeMetric.compare(base: before, new: after, options: options))
    }

    /// The machine swings by 2x from pair to pair, and new is 15% slower in every pair: separate samples
    /// overlap completely, their ratios do not.
    @Test func aFifteenPercentSlowdownUnderSwingsOfTwiceIsARegression() throws {
        let machine: [Double] = [1, 1.9, 1.2, 2.0, 1.05, 1.7, 1.4, 1.1, 1.8, 1.3, 1.6, 1.15]
        let base = machine.map { 100 * $0 }
        let new = machine.enumerated().map { index, speed in 115 * speed * (index.isMultiple(of: 2) ? 1.01 : 0.99) }
        let time = try compare(base, new)
        #expect(time.verdict == .regression, "\(time.change)")
        #expect(time.change.hasPrefix("+15.0% ["), "\(time.change)")
        #expect(time.change.contains("12 pairs"), "\(time.change)")
        #expect(MannWhitneyU(base, new).pValue > 0.1, "unpaired, the same samples show nothing")
    }

    @Test func pairsThatOnlyJitterAreUnchanged() throws {
        var generator = SeededGenerator(seed: 5)
        let base = generator.jittered(around: 100, percent: 3, count: 15)
        let new = generator.jittered(around: 100, percent: 3, count: 15)
        #expect(try compare(base, new).verdict == .unchanged)
    }

    /// One pair in which another process preempted the new side (5x): the estimate does not follow it.
    @Test func onePreemptedPairMovesNothing() throws {
        var generator = SeededGenerator(seed: 6)
        let base = generator.jittered(around: 100, percent: 1, count: 15)
        var new = base.map { $0 * (1 + Double.random(in: -0.01...0.01, using: &generator)) }
        new[4] *= 5
        let time = try compare(base, new)
        #expect(time.verdict == .unchanged, "\(time.change)")
    }

    @Test func aSignificantChangeWithinTheThresholdIsUnchanged() throws {
        let base = Array(repeating: 100.0, count: 12).enumerated().map { $0.element + Double($0.offset) }
        let new = base.map { $0 * 1.03 }
        let time = try compare(base, new)
        #expect(time.verdict == .unchanged)
        #expect(try #require(time.pValue) < 0.01)
    }

    /// The false alarm of the trial at 8% (docs/COMPARE.md): a second-thread cell whose pairs split into
    /// ones that barely moved and ones 20-40% faster. Every pair is faster, so p is tiny and the estimate
    /// is -16.8%, but its interval reaches -1.0%: too loose to tell a change beyond 8% from one of 1%, so
    /// undecided (it was called unchanged, which it was not shown to be either). The same estimate measured
    /// tightly is an improvement.
    @Test func aChangeWhoseIntervalReachesWithinHalfTheThresholdIsUndecided() throws {
        let ratios = [0.997, 0.995, 0.993, 0.99, 0.988, 0.986, 0.985, 0.8, 0.78, 0.75, 0.72, 0.7, 0.68, 0.65, 0.62]
        let base = Array(repeating: 5000.0, count: ratios.count)
        let loose = try compare(base, ratios.map { 5000 * $0 }, threshold: 8)
        #expect(loose.verdict == .undecided, "\(loose.change)")
        #expect(loose.change.hasPrefix("-16.8% [-30.0%, -1.0%]"), "\(loose.change)")
        #expect(try #require(loose.pValue) < 0.001)
        let tight = try compare(base, ratios.indices.map { 5000 * (0.832 + 0.001 * Double($0 % 3)) }, threshold: 8)
        #expect(tight.verdict == .improvement, "\(tight.change)")
    }

    @Test func unequalCountsPairTheCommonPrefixAndSaySo() throws {
        let time = try compare([100, 101, 102, 103, 104, 105, 106, 107, 108], [120, 121, 122, 123, 124, 125, 126, 127])
        #expect(time.change.contains("8 pairs, 9 base and 8 new samples"), "\(time.change)")
        #expect(time.verdict == .regression)
    }
}
