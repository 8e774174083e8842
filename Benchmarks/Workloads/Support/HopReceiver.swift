import CombineFramework
import RxCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The end of an `asyncHop` pipeline, for either family, and its handshake with the sending thread.
///
/// Values arrive on the queue's thread; the driver sends on its own. So that a timed `run` covers the
/// delivery of everything it sent, the driver calls ``awaitDelivery(of:)`` after sending, which waits
/// until the receiver has counted every value sent so far. The count is an atomic stored with release
/// ordering after each value reached the sink, so a driver that saw the count (acquire) also sees the
/// sink (checksum, latencies) as it was after those values.
///
/// Latency mode sends one value at a time and waits for it (the cell does): the sink's `sentAt` is
/// then written only while nothing is in flight, and read on the queue only for the value in flight,
/// so the field is never read and written at once and each percentile is one value's real trip across
/// the hop. (Sent at full rate, values would queue behind a slower receiver, and the percentiles would
/// measure a queue that grows with the repetition's length instead of the hop.)
final class HopReceiver: Subscriber, ObserverType {
    typealias Input = Int
    typealias Failure = Never
    typealias Element = Int

    let sink: OutputSink
    /// Values received so far; written by the receiving side only.
    private let received = Atomic<Int>(0)
    private let completed = Atomic<Bool>(false)
    /// Values sent so far; sender side only.
    private var sent = 0

    init(sink: OutputSink) {
        self.sink = sink
    }

    // MARK: - Sender side

    /// Notes that `count` more values were sent and waits until every value sent so far was received.
    func awaitDelivery(of count: Int) {
        sent += count
        let target = sent
        while received.load(ordering: .acquiring) < target {
            Self.pause()
        }
    }

    /// Waits until the completion has been received.
    func awaitCompletion() {
        while !completed.load(ordering: .acquiring) {
            Self.pause()
        }
    }

    /// Spinning with a yield: the receiver runs on the other core, and the wait ends the moment it is
    /// done instead of a wake-up later.
    private static func pause() {
        sched_yield()
    }

    // MARK: - Receiving side

    @inline(__always)
    func deliver(_ value: Int) {
        sink.receive(value)
        // Only this side writes the count.
        received.store(received.load(ordering: .relaxed) &+ 1, ordering: .releasing)
    }

    func complete() {
        sink.receiveCompletion()
        completed.store(true, ordering: .releasing)
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
