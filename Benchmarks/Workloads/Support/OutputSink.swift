import Harness

/// Where every implementation's output ends: it folds each value into the cell's checksum (the black
/// hole the optimiser cannot remove, since the checksum is verified) and, in latency mode, records the
/// time since the driver stamped `sentAt`. All families end in this same object, so the cost of the end
/// of the pipeline is identical for every row.
public final class OutputSink {
    public private(set) var checksum = Checksum()
    public private(set) var valueCount = 0
    public private(set) var completionCount = 0
    /// Calls to `Subscription.request` made by the Combine-family downstream (``CombineOutput``).
    public var requestCalls = 0
    /// Non-zero demands returned from `receive(_:)` by the Combine-family downstream.
    public var demandReturns = 0

    /// Set by the driver just before it sends an element, in latency mode.
    public var sentAt: UInt64 = 0
    public var latency: LatencyRecorder?

    public init() {}

    @inline(__always)
    public func receive<Value: Checksummable>(_ value: Value) {
        value.fold(into: &checksum)
        valueCount &+= 1
        if latency != nil {
            latency!.record(nanoseconds: Clock.now() &- sentAt)
        }
    }

    /// Records the latency of a value sent at `sentAt` and received now, in latency mode, without
    /// folding anything into the checksum: for cells whose downstreams keep checksums of their own
    /// (one per subscriber in `fanOut`, an order-insensitive one in `contention`).
    @inline(__always)
    public func recordLatency(sentAt: UInt64) {
        if latency != nil {
            latency!.record(nanoseconds: Clock.now() &- sentAt)
        }
    }

    public func receiveCompletion() {
        completionCount += 1
    }
}
