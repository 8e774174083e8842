import AsyncSequenceStyle
import Foundation
import Harness

/// The downstream of the tests' pipelines: keeps every value, counts completions, folds an
/// order-sensitive checksum (FNV-1a, as the workloads' `Checksum`) and, when the sender stamps
/// ``sentAt``, records each value's send-to-receipt latency. Read only after the pipeline's handshake
/// (or its end) says the consumer is done with what the test looks at.
final class Collector<Value>: AsyncDownstream, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [Value] = []
    private var completions = 0
    private var fold: UInt64 = 0xcbf2_9ce4_8422_2325
    private var recorder = LatencyRecorder()
    /// Set by the sender just before each send, in latency runs.
    var sentAt: UInt64 = 0
    var measuresLatency = false

    var values: [Value] { lock.withLock { received } }
    var completionCount: Int { lock.withLock { completions } }
    var checksum: UInt64 { lock.withLock { fold } }
    var latencyCount: UInt64 { lock.withLock { recorder.count } }

    func receive(_ value: Value) {
        let latency = measuresLatency ? Clock.now() &- sentAt : nil
        lock.withLock {
            received.append(value)
            fold = (fold ^ UInt64(bitPattern: Int64(String(describing: value).hashValue))) &* 0x0000_0100_0000_01b3
            if let latency { recorder.record(nanoseconds: latency) }
        }
    }

    func receiveCompletion() {
        lock.withLock { completions += 1 }
    }
}
