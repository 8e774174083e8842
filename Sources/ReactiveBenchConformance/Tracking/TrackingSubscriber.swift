import CombineFramework
import SimpleCombine

/// A subscriber that records its whole history — the subscription, every value, the completion — in
/// one ordered list, asks for values by a ``DemandPolicy``, and notes every breach of the Subscriber
/// contract it sees (a value beyond demand, a second subscription, anything after its completion or
/// after it cancelled) in ``violations``.
///
/// It holds its subscription until it cancels or completes, and no longer, as `Sink` does, so a
/// released operator shows up as a released subscriber. Thread-safe: the concurrency tests call it
/// from several threads.
///
/// Written once for every core (``CoreVocabulary``): it is a `Subscriber` of OpenCombine when `Core` is
/// ``OpenCombineCore``, and a subscriber of another core in that core's extension.
package final class TrackingSubscriber<Input, Failure: Error, Core: CoreVocabulary>: @unchecked Sendable {
    package enum Event {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private struct State {
        package var history: [Event] = []
        var violations: [String] = []
        var subscription: Core.UpstreamSubscription?
        var outstandingDemand: Subscribers.Demand = .none
        var subscriptionCount = 0
        var valueCount = 0
        var isCompleted = false
        var isCancelled = false
    }

    package let policy: DemandPolicy
    private let state = Locked(State())
    /// The subscription object the operator handed over, if it is a class: lets a test check that it
    /// was released.
    package private(set) weak var subscriptionObject: AnyObject?

    package init(_ policy: DemandPolicy = .unlimited) {
        self.policy = policy
    }

    package var history: [Event] { state.withLock { $0.history } }
    /// What it noticed, and that it never received a subscription if so.
    package var violations: [String] {
        state.withLock { state in
            state.subscriptionCount == 0 ? state.violations + ["received no subscription"] : state.violations
        }
    }
    package var subscriptionCount: Int { state.withLock { $0.subscriptionCount } }
    /// The subscription's own `cancel`, while the subscriber holds the subscription: tests take it to
    /// cancel more than once.
    package var cancelHeldSubscription: (() -> Void)? {
        guard let subscription = state.withLock({ $0.subscription }) else { return nil }
        return { Core.cancel(subscription) }
    }

    // MARK: - Subscriber, in the suite's vocabulary

    package func receiveSubscription(_ subscription: Core.UpstreamSubscription) {
        let isFirst = state.withLock { state in
            state.subscriptionCount += 1
            state.history.append(.subscription)
            guard state.subscription == nil, !state.isCompleted, !state.isCancelled else {
                state.violations.append("received a second subscription")
                return false
            }
            state.subscription = subscription
            state.outstandingDemand += policy.initial
            return true
        }
        guard isFirst else {
            Core.cancel(subscription)
            return
        }
        if type(of: subscription as Any) is AnyClass {
            subscriptionObject = subscription as AnyObject
        }
        if policy.initial > 0 {
            Core.request(policy.initial, from: subscription)
        }
    }

    package func receiveValue(_ input: Input) -> Subscribers.Demand {
        let (subscription, cancelsNow) = state.withLock { state -> (Core.UpstreamSubscription?, Bool) in
            state.history.append(.value(input))
            if state.subscriptionCount == 0 { state.violations.append("value \(input) before the subscription") }
            if state.isCancelled { state.violations.append("value \(input) after cancel") }
            if state.isCompleted { state.violations.append("value \(input) after completion") }
            if state.outstandingDemand == .none {
                state.violations.append("value \(input) beyond demand")
            } else {
                state.outstandingDemand -= 1
            }
            state.valueCount += 1
            if state.valueCount == policy.cancelsAfter { return (state.subscription, true) }
            state.outstandingDemand += policy.perValue
            return (state.subscription, false)
        }
        if cancelsNow {
            cancel()
            return .none
        }
        guard policy.requestsFromReceive else { return policy.perValue }
        if policy.perValue > 0, let subscription { Core.request(policy.perValue, from: subscription) }
        return .none
    }

    package func receiveCompletion(_ completion: Subscribers.Completion<Failure>) {
        state.withLock { state in
            state.history.append(.completion(completion))
            if state.subscriptionCount == 0 { state.violations.append("completion before the subscription") }
            if state.isCancelled { state.violations.append("completion \(completion) after cancel") }
            if state.isCompleted { state.violations.append("second completion \(completion)") }
            state.isCompleted = true
            state.subscription = nil
        }
    }

    // MARK: - Downstream actions

    /// Asks for more values through the subscription (nothing after a cancel or a completion).
    package func request(_ demand: Subscribers.Demand) {
        let subscription = state.withLock { state -> Core.UpstreamSubscription? in
            guard let subscription = state.subscription else { return nil }
            state.outstandingDemand += demand
            return subscription
        }
        if let subscription { Core.request(demand, from: subscription) }
    }

    /// Cancels the subscription and lets go of it (a later call does nothing: to cancel twice, take
    /// ``cancelHeldSubscription`` first).
    package func cancel() {
        let subscription = state.withLock { state -> Core.UpstreamSubscription? in
            state.isCancelled = true
            defer { state.subscription = nil }
            return state.subscription
        }
        if let subscription { Core.cancel(subscription) }
    }
}

// MARK: - OpenCombine

extension TrackingSubscriber: CustomCombineIdentifierConvertible, Subscriber, Cancellable
where Core == OpenCombineCore {
    package func receive(subscription: any Subscription) {
        receiveSubscription(subscription)
    }

    package func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
    }

    package func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletion(completion)
    }
}

extension TrackingSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

extension TrackingSubscriber.Event: CustomStringConvertible {
    package var description: String {
        switch self {
        case .subscription: "subscription"
        case .value(let value): "value(\(value))"
        case .completion(.finished): "finished"
        case .completion(.failure(let error)): "failure(\(error))"
        }
    }
}

// MARK: - SimpleCombine

extension TrackingSubscriber: SimpleCombineIdentifierConvertible, SimpleSubscriber, SimpleCancellable
where Core == SimpleCombineCore {
    package func receive(subscription: any SimpleSubscription) {
        receiveSubscription(subscription)
    }

    package func receive(_ input: Input) -> SimpleSubscribers.Demand {
        SimpleSubscribers.Demand(receiveValue(input))
    }

    package func receive(completion: SimpleSubscribers.Completion<Failure>) {
        receiveCompletion(Subscribers.Completion(completion))
    }
}
