import CombineFramework

/// A minimal synchronous source for the Combine family: ``send(_:)`` hands the value straight to each
/// subscriber's `receive(_:)`, on the calling thread, with no lock, no queue and no type erasure of the
/// value on the way. What is left of a source when only delivery and demand remain, so that a pipeline's
/// cost is its operators' and its subscriber's, not the source's.
///
/// - Demand: each subscriber receives exactly as many values as it asked for, through `request(_:)` or
///   returned from `receive(_:)`. A value sent while a subscriber has no outstanding demand is dropped for
///   that subscriber, as `PassthroughSubject` drops it. `request(_:)` may be called from inside
///   `receive(_:)`: it adds to the demand for the next values (values are pushed by `send`, never pulled
///   by `request`, so nothing re-enters the subscriber).
/// - Completion: ``send(completion:)`` ends every subscription once; later values and completions are
///   ignored, and a subscriber that arrives later receives the completion at once.
/// - Cancellation: idempotent; a cancelled subscriber receives nothing more and is let go of at once (when
///   it cancels from inside its own `receive(_:)`, as soon as that delivery returns).
/// - Memory: a subscription holds its subscriber until the subscription itself is released, which its
///   subscriber does when it cancels or completes, as subscribers do (see ``DirectSubscription``). Unlike
///   `PassthroughSubject`'s, a subscription does not keep its publisher alive: a publisher released before
///   it completes ends its subscriptions' deliveries (without a completion) and lets go of them.
/// - Threads: none of its own, and no synchronisation: `send`, `subscribe`, `request` and `cancel` must come
///   from one thread at a time (the benchmark drives it from the measuring thread). It takes no lock and no
///   atomic, which is the point. For several producing threads, use `PassthroughSubject`.
public final class DirectPublisher<Output, Failure: Error>: Publisher {
    // One thread at a time, and no access spans a call out: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var subscriptions = DeliveryList<SubscriberSlot<Output, Failure>>()
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Failure>?

    public init() {}

    deinit {
        for subscription in subscriptions.removeAll() {
            subscription._withUnsafeGuaranteedRef { $0.detach() }
            subscription.release()
        }
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let subscription = DirectSubscription(downstream: subscriber, source: self)
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
    public func send(completion: Subscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        subscriptions.beginDelivery()
        if let first = subscriptions.first {
            let count = subscriptions.restCount
            first._withUnsafeGuaranteedRef { $0.deliver(completion: completion) }
            var index = 0
            while index < count {
                subscriptions.rest(index)._withUnsafeGuaranteedRef { $0.deliver(completion: completion) }
                index &+= 1
            }
        }
        if subscriptions.endDelivery() { releaseEnded() }
    }

    // MARK: - Called by subscriptions

    /// `subscription` was cancelled or completed: it no longer belongs to the publisher.
    func ended(_ subscription: SubscriberSlot<Output, Failure>) {
        subscriptions.remove(subscription)?.release()
    }

    private func releaseEnded() {
        for subscription in subscriptions.removeEnded() {
            subscription.release()
        }
    }
}
