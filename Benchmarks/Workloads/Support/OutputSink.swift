import Harness

/// Where every implementation's output ends: it folds each value into the cell's checksum (the black
/// hole the optimiser cannot remove, since the checksum is verified) and, in latency mode, records the
/// time since the driver stamped `sentAt`. All families end in this same object, so the cost of the end
/// of the pipeline is identical for every row.
///
/// Its fields live in a ``SinkState`` behind ``state``, a pointer the sink allocates when it is made
/// (with the cell, before anything is measured) and frees with it: the per-value paths of the cells'
/// downstreams (``CombineOutput``, ``RxOutput``, the loops) write through it with no dynamic exclusivity
/// check. Not thread-safe: one thread at a time delivers to a sink, as every workload arranges.
public final class OutputSink {
    /// The sink's fields, at an address owned by the sink for its whole life.
    public let state: UnsafeMutablePointer<SinkState>

    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: SinkState())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    public var checksum: Checksum { state.pointee.checksum }
    public var valueCount: Int { state.pointee.valueCount }
    public var completionCount: Int { state.pointee.completionCount }

    /// Calls to `Subscription.request` made by the Combine-family downstream (``CombineOutput``).
    public var requestCalls: Int {
        get { state.pointee.requestCalls }
        set { state.pointee.requestCalls = newValue }
    }

    /// Non-zero demands returned from `receive(_:)` by the Combine-family downstream.
    public var demandReturns: Int {
        get { state.pointee.demandReturns }
        set { state.pointee.demandReturns = newValue }
    }

    /// Set by the driver just before it sends an element, in latency mode.
    public var sentAt: UInt64 {
        get { state.pointee.sentAt }
        set { state.pointee.sentAt = newValue }
    }

    public var latency: LatencyRecorder? {
        get { state.pointee.latency }
        set { state.pointee.latency = newValue }
    }

    @inline(__always)
    public func receive<Value: Checksummable>(_ value: Value) {
        state.pointee.receive(value)
    }

    /// Records the latency of a value sent at `sentAt` and received now, in latency mode, without
    /// folding anything into the checksum: for cells whose downstreams keep checksums of their own
    /// (one per subscriber in `fanOut`, an order-insensitive one in `contention`).
    @inline(__always)
    public func recordLatency(sentAt: UInt64) {
        state.pointee.recordLatency(sentAt: sentAt)
    }

    public func receiveCompletion() {
        state.pointee.completionCount += 1
    }
}
