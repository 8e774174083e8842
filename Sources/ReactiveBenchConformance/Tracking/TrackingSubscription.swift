import CombineFramework
import SimpleCombine

/// The subscription a ``TrackingSubject`` hands to each subscriber. It records every `request(_:)` and
/// `cancel()` in a ``SubscriptionLog`` and delivers a value only when the subscriber has outstanding
/// demand (a value sent without demand is dropped, as `PassthroughSubject` drops it).
///
/// It holds the subscriber until it cancels or the input completes, and no longer. Thread-safe; it never
/// calls out while holding its lock. Written once for every core (``CoreVocabulary``): it is an
/// OpenCombine `Subscription` when `Core` is ``OpenCombineCore``.
package final class TrackingSubscription<Output, Failure: Error, Core: CoreVocabulary>: @unchecked Sendable {
    private struct State {
        var subscriber: TrackedReceiver<Output, Failure>?
        var demand: Subscribers.Demand = .none
    }

    package let log: SubscriptionLog
    private let state: Locked<State>
    private let onCancel: (TrackingSubscription) -> Void

    package init(
        subscriber: TrackedReceiver<Output, Failure>,
        log: SubscriptionLog,
        onCancel: @escaping (TrackingSubscription) -> Void
    ) {
        self.log = log
        self.onCancel = onCancel
        state = Locked(State(subscriber: subscriber))
    }

    // MARK: - Subscription, in the suite's vocabulary

    package func request(_ demand: Subscribers.Demand) {
        log.record(.request(demand))
        state.withLock { state in
            guard state.subscriber != nil else { return }
            state.demand += demand
        }
    }

    package func cancel() {
        log.record(.cancel)
        let wasLive = state.withLock { state in
            defer { state.subscriber = nil }
            return state.subscriber != nil
        }
        if wasLive { onCancel(self) }
    }

    // MARK: - Delivery (called by the subject)

    /// Delivers `value` if there is demand for it; returns whether it was delivered.
    @discardableResult
    package func deliver(_ value: Output) -> Bool {
        let subscriber = state.withLock { state -> TrackedReceiver<Output, Failure>? in
            guard let subscriber = state.subscriber, state.demand > 0 else { return nil }
            state.demand -= 1
            return subscriber
        }
        guard let subscriber else { return false }
        log.recordDelivery()
        let more = subscriber.receiveValue(value)
        state.withLock { state in
            if state.subscriber != nil { state.demand += more }
        }
        return true
    }

    package func deliver(completion: Subscribers.Completion<Failure>) {
        let subscriber = state.withLock { state in
            defer { state.subscriber = nil }
            return state.subscriber
        }
        guard let subscriber else { return }
        log.recordCompletion()
        subscriber.receiveCompletion(completion)
    }
}

// MARK: - OpenCombine

extension TrackingSubscription: Cancellable, CustomCombineIdentifierConvertible, Subscription
where Core == OpenCombineCore {}

// MARK: - SimpleCombine

extension TrackingSubscription: SimpleCancellable, SimpleCombineIdentifierConvertible, SimpleSubscription
where Core == SimpleCombineCore {
    package func request(_ demand: SimpleSubscribers.Demand) {
        request(Subscribers.Demand(demand))
    }
}
