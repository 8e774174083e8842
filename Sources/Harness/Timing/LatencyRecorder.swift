import Histogram

/// Records latencies in nanoseconds into an HdrHistogram (3 significant digits, 1 ns to 60 s).
///
/// The histogram's buckets are allocated once, in `init`; recording never allocates, so a recorder can
/// sit on a measured path. Values above 60 s are recorded as 60 s and counted in ``saturatedCount``.
public struct LatencyRecorder: Sendable {
    /// The largest latency the histogram tells apart: 60 seconds.
    public static let highestTrackableNanoseconds: UInt64 = 60_000_000_000

    @usableFromInline var histogram: Histogram<UInt64>
    @usableFromInline var saturated: UInt64 = 0

    public init() {
        histogram = Histogram(
            lowestDiscernibleValue: 1,
            highestTrackableValue: Self.highestTrackableNanoseconds,
            numberOfSignificantValueDigits: .three
        )
    }

    /// Adds one latency. Never allocates.
    @inlinable
    public mutating func record(nanoseconds: UInt64) {
        if nanoseconds > Self.highestTrackableNanoseconds {
            saturated &+= 1
            histogram.record(Self.highestTrackableNanoseconds)
        } else {
            histogram.record(nanoseconds)
        }
    }

    /// The latency at or below which `p` percent of the recorded values fall (`p` in 0...100).
    public func percentile(_ p: Double) -> UInt64 {
        precondition((0...100).contains(p), "a percentile is between 0 and 100")
        return histogram.valueAtPercentile(p)
    }

    /// How many latencies were recorded.
    public var count: UInt64 { histogram.totalCount }

    /// How many recorded values exceeded ``highestTrackableNanoseconds`` and were clamped to it.
    public var saturatedCount: UInt64 { saturated }

    /// The usual percentiles, the maximum and the count.
    public var summary: LatencySummary {
        LatencySummary(
            p50: percentile(50), p90: percentile(90), p99: percentile(99), p999: percentile(99.9),
            p9999: percentile(99.99), max: histogram.maxRecorded, count: histogram.totalCount
        )
    }

    /// Adds everything another recorder holds (e.g. to pool the repeats of a cell).
    public mutating func merge(_ other: LatencyRecorder) {
        histogram.add(other.histogram)
        saturated &+= other.saturated
    }

    /// Forgets every recorded value, keeping the buckets.
    public mutating func reset() {
        histogram.reset()
        saturated = 0
    }

    /// The cost in nanoseconds of timestamping and recording one event: the median, over batches, of a
    /// batch's time divided by its `samples` iterations of `now()` followed by `record(nanoseconds:)` with
    /// nothing in between. Subtract it from latencies that small to be worth correcting.
    public static func calibrateRecordingOverhead(samples: Int) -> Double {
        precondition(samples > 0, "calibrateRecordingOverhead needs at least one sample")
        let batches = 15
        var recorder = LatencyRecorder()
        var perPair = [Double]()
        perPair.reserveCapacity(batches)
        for _ in 0..<batches {
            let start = Clock.now()
            var previous = start
            for _ in 0..<samples {
                let now = Clock.now()
                recorder.record(nanoseconds: now &- previous)
                previous = now
            }
            perPair.append(Double(previous &- start) / Double(samples))
        }
        blackHole(recorder.count)
        return SampleStatistics.median(perPair)
    }
}
