import Harness
import Testing

/// `compare --implementations A B RUN`: B over A for every workload both ran ok.
struct ImplementationRatioReportTests {
    private func run() throws -> RunResults {
        var run = SyntheticRun(seed: 1)
        run.update("map", "builtin") { cell in cell.samples = [100, 100, 100] }
        run.update("map", "rxSink") { cell in
            cell.samples = [150, 150, 150]
            cell.allocationsPerSubscription = 10
        }
        run.update("floor", "builtin") { cell in cell.samples = [200, 200, 200] }
        run.update("floor", "rxSink") { cell in cell.samples = [150, 150, 150] }
        run.update("subscribeChurn", "rxSink") { cell in cell.status = "unsupported" }
        return try run.results("run/results.csv")
    }

    @Test func ratiosForEveryWorkloadBothRanOk() throws {
        let report = ImplementationRatioReport(run: try run(), first: "builtin", second: "rxSink")
        #expect(report.ratios.map(\.workload) == ["floor", "map"])
        #expect(report.ratios.map(\.ratio) == [0.75, 1.5])
        #expect(report.skipped == ["subscribeChurn: rxSink unsupported"])
        #expect(abs(try #require(report.geometricMeanRatio) - (0.75 * 1.5).squareRoot()) < 1e-12)
        #expect(report.ratios.allSatisfy { $0.pValue == 0.1 }, "3 against 3, fully separated")
    }

    @Test func theTableShowsBothMediansTheRatioAndTheAllocations() throws {
        let report = ImplementationRatioReport(run: try run(), first: "builtin", second: "rxSink")
        let terminal = RatioRenderer.render(report, format: .terminal)
        let map = try #require(terminal.split(separator: "\n").first { $0.hasPrefix("map ") })
        #expect(map.split(separator: " ") == ["map", "element", "100", "150", "1.5x", "0.1", "0", "0", "6", "10"])
        #expect(terminal.contains("geometric mean of rxSink/builtin: 1.06x over 2 workloads"))
        #expect(terminal.contains("skipped subscribeChurn: rxSink unsupported"))
        let markdown = RatioRenderer.render(report, format: .markdown)
        #expect(markdown.contains("| map | element | 100 | 150 | 1.5x | 0.1 | 0 | 0 | 6 | 10 |"))
        #expect(markdown.contains("- skipped subscribeChurn: rxSink unsupported"))
    }

    @Test func anImplementationMissingFromAWorkloadIsSkippedWithTheReason() throws {
        let report = ImplementationRatioReport(run: try run(), first: "builtin", second: "structBridge")
        #expect(report.ratios.isEmpty)
        #expect(report.geometricMeanRatio == nil)
        #expect(report.skipped.first == "floor: structBridge not run")
        #expect(RatioRenderer.render(report, format: .terminal).contains("no workload that both ran ok"))
    }
}
