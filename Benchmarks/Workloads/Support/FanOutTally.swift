import CombineFramework
import RxCore

/// The end of one subscriber's pipeline in `fanOut`, for either family: it folds what it receives into
/// a checksum of its own and records latencies into the cell's shared sink.
///
/// One checksum per subscriber, because the order in which a subject visits its subscribers is not
/// defined: `PassthroughSubject` keeps them in a `Set` and `CustomSubject` in a `Dictionary`, both in
/// hash order, which changes from process to process. Each subscriber's own sequence is ordered, so
/// each checksum is still order-sensitive; the cell folds them into its sink in subscription order.
final class FanOutTally: Subscriber, ObserverType {
    typealias Input = Int
    typealias Failure = Never
    typealias Element = Int

    private(set) var checksum = Checksum()
    private let sink: OutputSink

    init(sink: OutputSink) {
        self.sink = sink
    }

    func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    @inline(__always)
    func receive(_ input: Int) -> Subscribers.Demand {
        input.fold(into: &checksum)
        sink.recordLatency(sentAt: sink.sentAt)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    @inline(__always)
    func on(_ event: Event<Int>) {
        if case .next(let value) = event {
            _ = receive(value)
        }
    }

    /// Folds every subscriber's checksum, in subscription order, into `sink`, and completes it.
    static func fold(_ tallies: [FanOutTally], into sink: OutputSink) {
        fold(checksums: tallies.lazy.map(\.checksum), into: sink)
    }

    /// Folds the subscribers' checksums, given in subscription order, into `sink`, and completes it.
    static func fold(checksums: some Sequence<Checksum>, into sink: OutputSink) {
        for checksum in checksums {
            sink.receive(Int(truncatingIfNeeded: checksum.value))
        }
        sink.receiveCompletion()
    }
}
