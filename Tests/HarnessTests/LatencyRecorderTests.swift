import Harness
import Testing

struct LatencyRecorderTests {
    /// 1...10 000 ns once each: the p-th percentile is p% of 10 000, within HdrHistogram's 3 digits.
    @Test func percentilesOfAUniformDistribution() {
        var recorder = LatencyRecorder()
        for value in 1...10_000 as ClosedRange<UInt64> { recorder.record(nanoseconds: value) }
        let summary = recorder.summary
        #expect(summary.count == 10_000)
        #expect(summary.max == 10_000)
        expectClose(summary.p50, 5_000)
        expectClose(summary.p90, 9_000)
        expectClose(summary.p99, 9_900)
        expectClose(summary.p999, 9_990)
        expectClose(summary.p9999, 9_999)
        #expect(recorder.percentile(0) == 1)
        #expect(recorder.percentile(100) == 10_000)
    }

    /// 99 fast events and one slow one: the tail percentiles see the slow one, the median does not.
    @Test func aSingleOutlierShowsOnlyInTheTail() {
        var recorder = LatencyRecorder()
        for _ in 0..<99 { recorder.record(nanoseconds: 100) }
        recorder.record(nanoseconds: 1_000_000)
        expectClose(recorder.percentile(50), 100)
        expectClose(recorder.percentile(99), 100)
        expectClose(recorder.percentile(99.9), 1_000_000)
        #expect(recorder.summary.max == 1_000_000)
    }

    @Test func valuesAboveSixtySecondsAreClampedAndCounted() {
        var recorder = LatencyRecorder()
        recorder.record(nanoseconds: 61_000_000_000)
        recorder.record(nanoseconds: 10)
        #expect(recorder.saturatedCount == 1)
        #expect(recorder.summary.max == LatencyRecorder.highestTrackableNanoseconds)
        #expect(recorder.count == 2)
    }

    @Test func mergeAndReset() {
        var first = LatencyRecorder()
        var second = LatencyRecorder()
        first.record(nanoseconds: 10)
        second.record(nanoseconds: 20)
        first.merge(second)
        #expect(first.count == 2)
        #expect(first.summary.max == 20)
        first.reset()
        #expect(first.count == 0)
    }

    @Test func recordingDoesNotAllocate() throws {
        guard let probe = try JemallocRequirement.probe(scope: .currentThread) else { return }
        var recorder = LatencyRecorder()
        // Outside the region: an unoptimised build instantiates generic metadata on first use.
        recorder.record(nanoseconds: 1)
        let start = probe.snapshot()
        // An Int range: iterating a Range<UInt64> allocates in unoptimised builds.
        for index in 0..<100_000 {
            recorder.record(nanoseconds: UInt64(index) &* 7_919 % 70_000_000_000)
        }
        #expect(probe.snapshot() - start == .zero)
        #expect(recorder.count == 100_001)
    }

    @Test func recordingOverheadIsMeasured() {
        let overhead = LatencyRecorder.calibrateRecordingOverhead(samples: 1_000)
        #expect(overhead > 0 && overhead < 10_000)
    }

    private func expectClose(
        _ actual: UInt64, _ expected: UInt64, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Three significant digits: within 0.1%, plus one unit for rounding to the bucket's top.
        let tolerance = Double(expected) * 0.001 + 1
        #expect(
            abs(Double(actual) - Double(expected)) <= tolerance, "\(actual) vs \(expected)",
            sourceLocation: sourceLocation
        )
    }
}
