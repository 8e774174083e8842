import Foundation
import Harness
import Testing
@testable import Runner
import Workloads

/// compare finds a regression planted in a test-only copy of the `builtin` map, and finds nothing in a
/// rerun of the unchanged cell: all measured in one interleaved in-process run (``PlantedRegressionRun``).
/// Timing is statistical on a noisy machine: how the measurement is made fair, and its error rate over 60
/// runs, are in docs/COMPARE.md ("Counts only").
struct PlantedRegressionTests {
    private func measured() throws -> PlantedRegressionRun? {
        try PlantedRegressionRun.shared.get()
    }

    private func metric(_ report: ComparisonReport, _ name: String) throws -> MetricComparison {
        try #require(report.cells.first?.metrics.first { $0.metric == name }, "\(name) in \(report.summary)")
    }

    private func describe(_ run: PlantedRegressionRun, _ report: ComparisonReport) -> Comment {
        let text = ComparisonRenderer.render(report, format: .terminal, showAll: true)
        return Comment(rawValue: "busy loop \(run.spinIterations) x \(run.spinIterationNanoseconds) ns against "
            + "\(run.calibratedCellNanoseconds) ns per element\n\(text)")
    }

    @Test func everyCellRanAndMatchedItsChecksum() throws {
        guard let run = try measured() else { return }
        for cell in [run.base, run.unchanged, run.extraAllocation, run.busyLoop] {
            #expect(cell.status == .ok, "\(cell.detail)")
            #expect(cell.implementation == .builtin, "every cell under one key, so compare matches them")
            #expect(cell.nanosecondsPerUnit.count >= Runner.requiredQuiet(PlantedRegressionRun.configuration.repetitions))
        }
    }

    @Test func aBusyLoopOfTwentyPercentIsATimeRegression() throws {
        guard let run = try measured() else { return }
        let report = try run.compare(run.busyLoop)
        let time = try metric(report, TimeMetric.name)
        #expect(time.verdict == .regression, describe(run, report))
        #expect(try #require(time.pValue) < ComparisonOptions().alpha)
        #expect(try metric(report, "allocations_per_unit").verdict == .unchanged, "a busy loop allocates nothing")
        #expect(report.hasRegression)
    }

    @Test func anExtraAllocationPerElementIsAnAllocationRegression() throws {
        guard let run = try measured() else { return }
        let report = try run.compare(run.extraAllocation)
        let allocations = try metric(report, "allocations_per_unit")
        #expect(allocations.verdict == .regression, describe(run, report))
        #expect(allocations.change == "+1", describe(run, report))
        let bytes = try metric(report, "bytes_per_unit")
        #expect(bytes.verdict == .regression)
        #expect(bytes.change == "+32", "an Int box is 24 bytes, in jemalloc's 32-byte class: \(bytes.change)")
        #expect(report.hasRegression)
    }

    @Test func anUnchangedRerunIsUnchanged() throws {
        guard let run = try measured() else { return }
        let report = try run.compare(run.unchanged)
        #expect(report.cells.map(\.verdict) == [.unchanged], describe(run, report))
        #expect(!report.hasRegression)
    }

    /// Through the release tool, on written run directories: counts only, so the exit status is
    /// deterministic (an allocation per element is, a time is not).
    @Test func compareCountsExitsWith1ForThePlantedAllocationAnd0ForTheRerun() async throws {
        guard let run = try measured(), let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try PlantedRegressionRun.write(run.base, to: directory.appending("base"))
        try PlantedRegressionRun.write(run.unchanged, to: directory.appending("rerun"))
        try PlantedRegressionRun.write(run.extraAllocation, to: directory.appending("planted"))

        let planted = try await ToolProcess.run(
            tool, ["compare", "--metrics", "counts", "base", "planted"], in: directory.path, timeLimit: .seconds(60)
        )
        #expect(planted.exitedNormally && planted.exitStatus == 1, "\(planted)")
        let row = planted.standardOutput.split(separator: "\n").first { $0.hasPrefix("regression") }
        #expect(row?.split(separator: " ") == ["regression", "map", "builtin", "allocations_per_unit", "0", "1", "+1"])
        #expect(!planted.standardOutput.contains(" \(TimeMetric.name) "), "no time row: \(planted)")

        let rerun = try await ToolProcess.run(
            tool, ["compare", "--metrics", "counts", "base", "rerun"], in: directory.path, timeLimit: .seconds(60)
        )
        #expect(rerun.exitedNormally && rerun.exitStatus == 0, "\(rerun)")
        #expect(rerun.standardOutput.hasSuffix("verdict: no regression (1 cell: 1 unchanged)\n"), "\(rerun)")
    }
}
