/// The disposable ``Producer/subscribe(_:)`` returns: it disposes the sink and the upstream
/// subscription once both are known.
///
/// A sink can end (and dispose this object) while `run` is still executing, before the producer
/// calls ``setSinkAndSubscription(sink:subscription:)``; a downstream can dispose from another thread
/// at any moment. Two bits of an ``AtomicInt`` decide which side tears down, so teardown happens
/// exactly once (RxSwift's `SinkDisposer`, in `Observables/Producer.swift`).
final class SinkDisposer: Cancelable {
    private static let disposedBit: Int32 = 1
    private static let sinkAndSubscriptionSetBit: Int32 = 2

    private let state = AtomicInt(0)
    // Written only before `sinkAndSubscriptionSetBit` is published and read only by the side that
    // observed both bits, so the lock inside `state` orders every access.
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool {
        isFlagSet(state, Self.disposedBit)
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription

        let previous = fetchOr(state, Self.sinkAndSubscriptionSetBit)
        precondition(previous & Self.sinkAndSubscriptionSetBit == 0, "Sink and subscription were already set")

        if previous & Self.disposedBit != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    func dispose() {
        let previous = fetchOr(state, Self.disposedBit)
        guard previous & Self.disposedBit == 0 else { return }
        guard previous & Self.sinkAndSubscriptionSetBit != 0 else { return }

        guard let sink, let subscription else {
            preconditionFailure("Sink and subscription must be set before they are disposed")
        }
        // Disposed first, released after, as RxSwift does; dropping the references breaks the
        // sink -> disposer -> sink cycle.
        sink.dispose()
        subscription.dispose()
        self.sink = nil
        self.subscription = nil
    }
}
