import Harness
import Testing

/// `compare --metrics counts`: what CI gates on. Times are left out, whatever they did; the status and
/// the counts are judged as always, with the listed workload tolerances.
struct CountsOnlyComparisonTests {
    private let countsOnly = ComparisonOptions(metrics: .counts)

    private func cell(_ report: ComparisonReport, _ workload: String, _ implementation: String) throws -> CellComparison {
        try #require(report.cells.first { $0.key == CellKey(workload: workload, implementation: implementation) })
    }

    @Test func aDoubledTimeIsNotJudgedOrShown() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "builtin") { cell in cell.samples = cell.samples.map { $0 * 2 } }
        let report = ComparisonReport(base: try base.results(), new: try new.results(), options: countsOnly)
        #expect(!report.hasRegression)
        #expect(try cell(report, "map", "builtin").metrics.allSatisfy { $0.metric != TimeMetric.name })
        let withTimes = ComparisonReport(
            base: try base.results(), new: try new.results(), options: ComparisonOptions(timeVerdicts: .gated)
        )
        #expect(withTimes.hasRegression, "the same pair is a regression when times are gated")
    }

    @Test func anAllocationPerElementIsStillARegression() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("floor", "rxSink") { cell in
            cell.allocationsPerUnit = 1
            cell.bytesPerUnit = 48
        }
        let report = ComparisonReport(base: try base.results(), new: try new.results(), options: countsOnly)
        let regressed = try cell(report, "floor", "rxSink")
        #expect(regressed.verdict == .regression)
        #expect(regressed.metrics.map(\.metric).contains("allocations_per_unit"))
        #expect(report.count(.regression) == 1)
    }

    @Test func aWorseStatusIsStillARegression() throws {
        let base = SyntheticRun(seed: 1)
        var new = base
        new.update("map", "rxSink") { cell in cell.status = "checksum_mismatch" }
        let report = ComparisonReport(base: try base.results(), new: try new.results(), options: countsOnly)
        #expect(try cell(report, "map", "rxSink").verdict == .regression)
    }

    @Test func cellsInOneRunOnlyAreListedAndALostCellFails() throws {
        let full = SyntheticRun(seed: 1)
        var quick = full
        quick.cells.removeAll { $0.workload == "subscribeChurn" }
        let report = ComparisonReport(base: try full.results(), new: try quick.results(), options: countsOnly)
        #expect(report.count(.onlyInBase) == 3)
        #expect(!report.hasRegression)
        #expect(report.fails, "a quick run that lost three cells of the full one fails the gate")
    }

    @Test func theRulesSayTimesWereLeftOut() throws {
        let run = SyntheticRun(seed: 1)
        let report = ComparisonReport(base: try run.results(), new: try run.results(), options: countsOnly)
        let text = ComparisonRenderer.render(report, format: .terminal)
        #expect(text.contains("Times are not compared (--metrics counts)"))
        #expect(!text.contains("Mann-Whitney"))
    }
}

/// The counts that one workload cannot hold still get a stated, wider tolerance there only.
struct WorkloadToleranceTests {
    private let retained = CountMetric.all(ComparisonOptions()).first { $0.column == "retained_bytes" }!
    private let bytes = CountMetric.all(ComparisonOptions()).first { $0.column == "bytes_per_unit" }!

    /// Seen between two default runs of one build: libdispatch's caches, 64 KiB at a time.
    @Test func asyncHopRetainedBytesMoveWithinTheirTolerance() {
        let moved = retained.compare(base: 33_792, new: 131_968, workload: "asyncHop")
        #expect(moved.verdict == .unchanged)
        #expect(moved.change.contains("asyncHop allows 262144"))
    }

    @Test func asyncHopRetainingMegabytesIsStillARegression() {
        #expect(retained.compare(base: 65_984, new: 2_000_000, workload: "asyncHop").verdict == .regression)
    }

    @Test func otherWorkloadsKeepTheExactRetainedBytes() {
        #expect(retained.compare(base: 0, new: 64, workload: "map").verdict == .regression)
        #expect(retained.compare(base: 0, new: 64, workload: "asyncHopper").verdict == .regression)
        #expect(WorkloadTolerance.find(column: "retained_bytes", workload: "asyncHop (2)") != nil)
    }

    /// Where the file names a row's scenario, it decides: a tolerance covers its scenario's rows over
    /// every source (a direct row is `<name> [direct]`), and no other.
    @Test func theRowsScenarioDecidesWhereTheFileHasIt() {
        #expect(WorkloadTolerance.find(column: "retained_bytes", workload: "asyncHop [direct]", scenario: "asyncHop") != nil)
        #expect(WorkloadTolerance.find(column: "retained_bytes", workload: "asyncHop (2)", scenario: "map") == nil)
        let moved = retained.compare(base: 0, new: 4_096, workload: "asyncHop [direct]", scenario: "asyncHop")
        #expect(moved.verdict == .unchanged)
    }

    /// The asyncSequence row's allocation counts do not repeat (a set-up read 28,265, the next run's 24):
    /// compare shows the change and why, and calls it nothing; the same change in another row is one.
    @Test func asyncSequenceAllocationsAreShownButNotGated() throws {
        let perSubscription = try #require(CountMetric.all(ComparisonOptions()).first { $0.column == ResultColumn.allocationsPerSubscription.name })
        let raced = perSubscription.compare(base: 24, new: 28_265, workload: "pipelineDepth (4)", implementation: "asyncSequence")
        #expect(raced.verdict == .unchanged)
        #expect(raced.change.contains("asyncSequence: not gated"))
        let other = perSubscription.compare(base: 24, new: 25, workload: "pipelineDepth (4)", implementation: "rxSink")
        #expect(other.verdict == .regression)
    }

    /// 192.01 against 192: one stray byte over 100 elements, inside the general 1-byte tolerance.
    @Test func asyncHopBytesPerUnitJitterIsWithinTheGeneralTolerance() {
        #expect(bytes.compare(base: 192, new: 192.01, workload: "asyncHop").verdict == .unchanged)
        #expect(bytes.compare(base: 192, new: 224, workload: "asyncHop").verdict == .regression)
    }
}
