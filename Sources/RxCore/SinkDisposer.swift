import Synchronization

/// The disposable ``Producer/subscribe(_:)`` returns: it disposes the sink and the upstream
/// subscription once both are known.
///
/// A sink can end (and dispose this object) while `run` is still executing, before the producer
/// calls ``setSinkAndSubscription(sink:subscription:)``; a downstream can dispose from another thread
/// at any moment. Two atomic bits decide which side tears down, so teardown happens exactly once.
final class SinkDisposer: Cancelable {
    private static let disposedBit = 1
    private static let sinkAndSubscriptionSetBit = 2

    private let state = Atomic<Int>(0)
    // Written only before `sinkAndSubscriptionSetBit` is published and read only by the side that
    // observed both bits, so the atomic orders every access.
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription

        let previous = state.bitwiseOr(Self.sinkAndSubscriptionSetBit, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Self.sinkAndSubscriptionSetBit == 0, "Sink and subscription were already set")

        if previous & Self.disposedBit != 0 {
            disposeSinkAndSubscription()
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.disposedBit == 0 else { return }

        if previous & Self.sinkAndSubscriptionSetBit != 0 {
            disposeSinkAndSubscription()
        }
    }

    private func disposeSinkAndSubscription() {
        guard let sink, let subscription else {
            preconditionFailure("Sink and subscription must be set before they are disposed")
        }
        // Dropping the references breaks the sink -> disposer -> sink cycle.
        self.sink = nil
        self.subscription = nil
        sink.dispose()
        subscription.dispose()
    }
}
