import OpenCombine

/// A subject for driving an operator input by hand. Each subscriber gets a ``TrackingSubscription``, so
/// a test can assert what the operator asked of this input (``logs``: every `request`/`cancel`) and
/// whether it let the subscription go. Values are delivered only within demand.
///
/// The subject holds a subscription only while it is live, so a cancelled subscription that is still
/// alive is kept alive by the operator, not by the test. Thread-safe.
final class TrackingSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private struct State {
        var live: [TrackingSubscription<Output, Failure>] = []
        var logs: [SubscriptionLog] = []
        var completion: Subscribers.Completion<Failure>?
    }

    private let state = Locked(State())

    init() {}

    /// One log per subscriber, in subscription order.
    var logs: [SubscriptionLog] { state.withLock { $0.logs } }
    var subscriptionCount: Int { logs.count }

    /// The only log: fails the test's expectations loudly if the operator subscribed more than once.
    var log: SubscriptionLog? {
        let logs = self.logs
        return logs.count == 1 ? logs[0] : nil
    }

    // MARK: - Publisher

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let log = SubscriptionLog()
        if type(of: subscriber as Any) is AnyClass {
            log.subscriberIsClass = true
            log.subscriberObject = subscriber as AnyObject
        }
        let subscription = TrackingSubscription(subscriber: AnySubscriber(subscriber), log: log) { [weak self] in
            self?.remove($0)
        }
        log.subscription = subscription
        let completion = state.withLock { state in
            state.logs.append(log)
            if state.completion == nil { state.live.append(subscription) }
            return state.completion
        }
        subscriber.receive(subscription: subscription)
        if let completion { subscription.deliver(completion: completion) }
    }

    // MARK: - Sending

    /// Sends `value` to every live subscriber that has demand for it.
    func send(_ value: Output) {
        for subscription in state.withLock({ $0.live }) {
            subscription.deliver(value)
        }
    }

    /// Completes the input: every live subscriber receives `completion`, and later ones receive it at
    /// once.
    func send(completion: Subscribers.Completion<Failure>) {
        let live = state.withLock { state -> [TrackingSubscription<Output, Failure>] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer { state.live.removeAll() }
            return state.live
        }
        for subscription in live {
            subscription.deliver(completion: completion)
        }
    }

    private func remove(_ subscription: TrackingSubscription<Output, Failure>) {
        state.withLock { state in
            state.live.removeAll { $0 === subscription }
        }
    }
}
