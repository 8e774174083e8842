import CombineFramework
import SimpleCombine

/// A subject for driving an operator input by hand. Each subscriber gets a ``TrackingSubscription``, so
/// a test can assert what the operator asked of this input (``logs``: every `request`/`cancel`) and
/// whether it let the subscription go. Values are delivered only within demand.
///
/// The subject holds a subscription only while it is live, so a cancelled subscription that is still
/// alive is kept alive by the operator, not by the test. Thread-safe. Written once for every core
/// (``CoreVocabulary``): it is an OpenCombine `Publisher` when `Core` is ``OpenCombineCore``.
package final class TrackingSubject<Output, Failure: Error, Core: CoreVocabulary>: @unchecked Sendable {
    package typealias Tracked = TrackingSubscription<Output, Failure, Core>

    private struct State {
        var live: [Tracked] = []
        package var logs: [SubscriptionLog] = []
        var completion: Subscribers.Completion<Failure>?
    }

    private let state = Locked(State())

    package init() {}

    /// One log per subscriber, in subscription order.
    package var logs: [SubscriptionLog] { state.withLock { $0.logs } }
    package var subscriptionCount: Int { logs.count }

    /// The only log: fails the test's expectations loudly if the operator subscribed more than once.
    package var log: SubscriptionLog? {
        let logs = self.logs
        return logs.count == 1 ? logs[0] : nil
    }

    // MARK: - Publisher, in the suite's vocabulary

    /// Makes the subscription for a new subscriber and logs it; the caller hands it over, then delivers
    /// the completion returned, if the input has already completed.
    package func register(
        _ subscriber: Any,
        as receiver: TrackedReceiver<Output, Failure>
    ) -> (subscription: Tracked, completion: Subscribers.Completion<Failure>?) {
        let log = SubscriptionLog()
        if type(of: subscriber) is AnyClass {
            log.subscriberIsClass = true
            log.subscriberObject = subscriber as AnyObject
        }
        let subscription = Tracked(subscriber: receiver, log: log) { [weak self] in
            self?.remove($0)
        }
        log.subscription = subscription
        let completion = state.withLock { state in
            state.logs.append(log)
            if state.completion == nil { state.live.append(subscription) }
            return state.completion
        }
        return (subscription, completion)
    }

    // MARK: - Sending

    /// Sends `value` to every live subscriber that has demand for it.
    package func send(_ value: Output) {
        for subscription in state.withLock({ $0.live }) {
            subscription.deliver(value)
        }
    }

    /// Completes the input: every live subscriber receives `completion`, and later ones receive it at
    /// once.
    package func send(completion: Subscribers.Completion<Failure>) {
        let live = state.withLock { state -> [Tracked] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer { state.live.removeAll() }
            return state.live
        }
        for subscription in live {
            subscription.deliver(completion: completion)
        }
    }

    private func remove(_ subscription: Tracked) {
        state.withLock { state in
            state.live.removeAll { $0 === subscription }
        }
    }
}

extension TrackingSubject: DrivenInput, TrackedInput where Output == Int, Failure == TestError {
    package func finish() {
        send(completion: .finished)
    }

    package func fail(with error: TestError) {
        send(completion: .failure(error))
    }
}

// MARK: - OpenCombine

extension TrackingSubject: Publisher where Core == OpenCombineCore {
    package func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let receiver = TrackedReceiver<Output, Failure>(
            receiveValue: { subscriber.receive($0) },
            receiveCompletion: { subscriber.receive(completion: $0) }
        )
        let (subscription, completion) = register(subscriber, as: receiver)
        subscriber.receive(subscription: subscription)
        if let completion { subscription.deliver(completion: completion) }
    }
}

// MARK: - SimpleCombine

extension TrackingSubject: SimplePublisher where Core == SimpleCombineCore {
    package func receive<S: SimpleSubscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let receiver = TrackedReceiver<Output, Failure>(
            receiveValue: { Subscribers.Demand(subscriber.receive($0)) },
            receiveCompletion: { subscriber.receive(completion: SimpleSubscribers.Completion($0)) }
        )
        let (subscription, completion) = register(subscriber, as: receiver)
        subscriber.receive(subscription: subscription)
        if let completion { subscription.deliver(completion: completion) }
    }
}
