import Harness
import CombineFramework
import RxCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The end of a `contention` pipeline, for either family: an order-insensitive checksum of what it
/// receives, and each sender's send time for latencies.
///
/// Not thread-safe by itself, on purpose: it is called from both sending threads, and relies on the
/// subject to never call it from two threads at once. That holds for every row that runs: OpenCombine's
/// `PassthroughSubject` calls each subscriber under that subscription's own recursive lock
/// (`Conduit.offer`: `downstreamLock` around `downstream.receive`), and the Rx row sends under a lock.
/// `SubjectSerialisationConcurrencyTests` checks the first; the threaded cell tests run under
/// ThreadSanitizer, which would report the tally's fields if two deliveries ever overlapped.
///
/// Latency: delivery is synchronous, on the sending thread, so each sender's last send time is the
/// one that matters; the main sender uses the sink's `sentAt`, the partner a field of its own.
final class ContentionTally: Subscriber, ObserverType {
    typealias Input = Int
    typealias Failure = Never
    typealias Element = Int

    let sink: OutputSink
    private(set) var checksum = UnorderedChecksum()
    /// The partner sender; set before it sends anything.
    var partner: pthread_t?
    /// Written and read only on the partner thread.
    private var partnerSentAt: UInt64 = 0

    init(sink: OutputSink) {
        self.sink = sink
    }

    /// Records now as the calling sender's send time (latency mode only).
    @inline(__always)
    func stampSend(fromPartner: Bool) {
        if fromPartner {
            partnerSentAt = Clock.now()
        } else {
            sink.sentAt = Clock.now()
        }
    }

    @inline(__always)
    func deliver(_ value: Int) {
        checksum.combine(value)
        if sink.latency != nil {
            let onPartner = partner.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            sink.recordLatency(sentAt: onPartner ? partnerSentAt : sink.sentAt)
        }
    }

    /// Hands the checksum to the sink as three values, then completes it.
    func complete() {
        sink.receive(checksum.count)
        sink.receive(checksum.sum)
        sink.receive(checksum.xor)
        sink.receiveCompletion()
    }

    // MARK: - As the downstream of either family

    func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        deliver(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        complete()
    }

    func on(_ event: Event<Int>) {
        switch event {
        case .next(let value): deliver(value)
        case .error, .completed: complete()
        }
    }
}
