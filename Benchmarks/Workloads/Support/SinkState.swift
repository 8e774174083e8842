import CCallDepth
import Harness

/// What the end of a cell's pipeline has received so far, and its demand traffic: the fields of an
/// ``OutputSink``, kept at the fixed address the sink owns.
///
/// The per-value paths read and write it through that pointer, so a value costs no dynamic exclusivity
/// check: the same fields as stored properties of the (public) sink class cost three `swift_beginAccess`
/// calls per value, about 230 instructions (docs/PROFILES.md).
public struct SinkState {
    public var checksum = Checksum()
    public var valueCount = 0
    public var completionCount = 0
    /// Calls to `Subscription.request` made by the Combine-family downstream (``CombineOutput``).
    public var requestCalls = 0
    /// Non-zero demands returned from `receive(_:)` by the Combine-family downstream.
    public var demandReturns = 0
    /// Set by the driver just before it sends an element, in latency mode.
    public var sentAt: UInt64 = 0
    public var latency: LatencyRecorder?
    /// In latency mode, the frame of the function that sends the next element: the next value recorded
    /// also counts the frames up to it into ``callDepth``, once (`Runner.callDepth`, `call_depth` in results.csv).
    public var callDepthOrigin: UnsafeRawPointer?
    /// The frames the value recorded last with ``callDepthOrigin`` set was received at; -1 when the
    /// frame-pointer chain did not lead back.
    public var callDepth: Int?

    public init() {}

    /// Folds `value` into the checksum, counts it and, in latency mode, records the time since `sentAt`.
    @inline(__always)
    public mutating func receive<Value: Checksummable>(_ value: Value) {
        count(value)
        if latency != nil { recordLatencyNow(sentAt: sentAt) }
    }

    /// Folds `value` into the checksum and counts it; the caller records its latency.
    @inline(__always)
    public mutating func count<Value: Checksummable>(_ value: Value) {
        value.fold(into: &checksum)
        valueCount &+= 1
    }

    /// Records the latency of a value sent at `sentAt` and received now, in latency mode.
    @inline(__always)
    public mutating func recordLatency(sentAt: UInt64) {
        if latency != nil { recordLatencyNow(sentAt: sentAt) }
    }

    /// Out of line: reading the clock needs a buffer on the stack, which would make every caller that
    /// inlines it set one up (and check a stack protector) for every value, latency mode or not.
    @inline(never)
    private mutating func recordLatencyNow(sentAt: UInt64) {
        if let origin = callDepthOrigin {
            callDepth = rb_frames_below(origin)
            callDepthOrigin = nil
        }
        latency!.record(nanoseconds: Clock.now() &- sentAt)
    }
}
