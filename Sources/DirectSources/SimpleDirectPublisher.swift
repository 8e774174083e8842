import SimpleCombine

/// ``DirectPublisher`` for SimpleCombine: ``send(_:)`` hands the value straight to each
/// subscriber's `receive(_:)`, on the calling thread, with no lock and no queue. What is left of a source
/// when only delivery and demand remain, so that a `simpleCombine` pipeline over it costs its operators
/// and its subscriber, as the OpenCombine styles' pipelines over `DirectPublisher` do.
///
/// - Demand, SimpleCombine's arithmetic: each subscriber receives exactly as many values as it asked
///   for, through `request(_:)` or returned from `receive(_:)`; a value sent while a subscriber has no
///   outstanding demand is dropped for that subscriber, as `SimplePassthroughSubject` drops it.
///   `request(_:)` may be called from inside `receive(_:)`: it adds to the demand for the next values.
/// - Completion: ``send(completion:)`` ends every subscription once; a later subscriber receives it at
///   once.
/// - Cancellation: idempotent; a cancelled subscriber receives nothing more and is let go of at once (after
///   the delivery under way, when it cancels from inside `receive(_:)`).
/// - Memory: as ``DirectPublisher``'s: a subscription holds its subscriber until it is released, which
///   the subscriber does when it cancels or completes; it does not keep its publisher alive.
/// - Threads: no synchronisation: every call must come from one thread at a time. For several producing
///   threads, use `SimplePassthroughSubject`.
public final class SimpleDirectPublisher<Output, Failure: Error>: SimplePublisher {
    // One thread at a time, and no access spans a call out: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var subscriptions = DeliveryList<SimpleSubscriberSlot<Output, Failure>>()
    @exclusivity(unchecked) private var completion: SimpleSubscribers.Completion<Failure>?

    public init() {}

    deinit {
        for subscription in subscriptions.removeAll() {
            subscription._withUnsafeGuaranteedRef { $0.detach() }
            subscription.release()
        }
    }

    public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        if let completion {
            subscriber.receive(subscription: SimpleSubscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let subscription = SimpleDirectSubscription(downstream: subscriber, source: self)
        subscriptions.append(subscription)
        subscriber.receive(subscription: subscription)
    }

    /// Delivers `value` to every live subscriber that has demand for it, in subscription order.
    public func send(_ value: Output) {
        var value = value
        subscriptions.beginDelivery()
        if let first = subscriptions.first {
            // Subscribers that arrive during this delivery wait for the next value.
            let count = subscriptions.restCount
            first._withUnsafeGuaranteedRef { $0.emit($0, &value) }
            var index = 0
            while index < count {
                subscriptions.rest(index)._withUnsafeGuaranteedRef { $0.emit($0, &value) }
                index &+= 1
            }
        }
        if subscriptions.endDelivery() { releaseEnded() }
    }

    /// Ends every subscription with `completion`, once: later calls do nothing.
    public func send(completion: SimpleSubscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        subscriptions.beginDelivery()
        for subscription in subscriptions.snapshot() {
            subscription._withUnsafeGuaranteedRef { $0.deliver(completion: completion) }
        }
        if subscriptions.endDelivery() { releaseEnded() }
    }

    // MARK: - Called by subscriptions

    /// `subscription` was cancelled or completed: it no longer belongs to the publisher.
    func ended(_ subscription: SimpleSubscriberSlot<Output, Failure>) {
        subscriptions.remove(subscription)?.release()
    }

    private func releaseEnded() {
        for subscription in subscriptions.removeEnded() {
            subscription.release()
        }
    }
}
