/// Percentiles of recorded latencies, in nanoseconds (see ``LatencyRecorder/summary``).
///
/// Percentiles are HdrHistogram values: within 0.1% of a recorded value (3 significant digits), reported
/// at the top of their bucket. `max` is the largest value recorded, exactly.
public struct LatencySummary: Sendable, Equatable, Codable {
    public var p50: UInt64
    public var p90: UInt64
    public var p99: UInt64
    public var p999: UInt64
    public var p9999: UInt64
    public var max: UInt64
    /// How many latencies were recorded.
    public var count: UInt64

    public init(p50: UInt64, p90: UInt64, p99: UInt64, p999: UInt64, p9999: UInt64, max: UInt64, count: UInt64) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.p9999 = p9999
        self.max = max
        self.count = count
    }
}
