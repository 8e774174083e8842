import CombineFramework
import Synchronization

/// A subject that relays values to its subscribers as `PassthroughSubject` does, keeping each
/// subscription in a dictionary keyed by its `CombineIdentifier` (the custom-subject pattern,
/// docs/ORIGINS.md).
///
/// Each subscription is a `Behavior` that records its subscriber's demand and removes itself from the
/// subject when cancelled. A value goes to every subscriber that has demand for it and is dropped for
/// the others; a subscriber that arrives after completion gets the completion at once.
///
/// Thread safety: subscribing, requesting, cancelling, `send(_:)` and `send(completion:)` may happen on
/// any threads at once. State changes under a `Mutex`, and subscribers are called with no lock held.
/// A subscriber never receives more values than it requested, and never two calls at once as long as
/// values are sent from one thread at a time: like every publisher, the subject relies on its senders to
/// be serial; a completion sent while a value is on its way waits for that value.
public final class CustomSubject<Output, Failure: Error>: Subject {
    // The lock guards a plain flag; the generic state beside it is read and written only inside its
    // closures. A `Mutex` around a generic value costs a runtime metadata lookup on every use in
    // unspecialized code, which is how this code runs when it is reached from another module or
    // through a protocol.
    private let isCompleted = Mutex(false)
    @exclusivity(unchecked) private var subscriptions: [CombineIdentifier: Behavior] = [:]
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Failure>?

    public init() {}

    /// Asks an upstream the subject has been subscribed to for everything, as the pattern does.
    public func send(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let behavior = DownstreamBehavior(subject: self, downstream: subscriber)
        var completion: Subscribers.Completion<Failure>?
        isCompleted.withLock { isCompleted in
            if isCompleted {
                completion = self.completion
            } else {
                self.subscriptions[behavior.combineIdentifier] = behavior
            }
        }
        guard let completion else {
            behavior.handOver(to: subscriber)
            return
        }
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: completion)
    }

    public func send(_ value: Output) {
        // A snapshot: subscribers may come and go on other threads while it is delivered.
        var subscriptions: [CombineIdentifier: Behavior] = [:]
        isCompleted.withLock { isCompleted in
            if !isCompleted {
                subscriptions = self.subscriptions
            }
        }
        for behavior in subscriptions.values {
            behavior.offer(value)
        }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        var subscriptions: [CombineIdentifier: Behavior] = [:]
        isCompleted.withLock { isCompleted in
            guard !isCompleted else { return }
            isCompleted = true
            self.completion = completion
            subscriptions = self.subscriptions
            self.subscriptions = [:]
        }
        for behavior in subscriptions.values {
            behavior.finish(with: completion)
        }
    }

    private func remove(_ behavior: Behavior) {
        // The removed entry comes out of the lock, so that its last release happens after unlocking.
        var removed: Behavior?
        isCompleted.withLock { _ in
            removed = self.subscriptions.removeValue(forKey: behavior.combineIdentifier)
        }
        _ = removed
    }
}

// MARK: -

extension CustomSubject {
    /// One subscriber's subscription (the pattern's `Behavior`). The subject stores it without knowing the
    /// subscriber's type; `DownstreamBehavior` is the one implementation.
    private class Behavior: Subscription {
        func offer(_ value: Output) {
            preconditionFailure("abstract")
        }

        func finish(with completion: Subscribers.Completion<Failure>) {
            preconditionFailure("abstract")
        }

        func request(_ demand: Subscribers.Demand) {
            preconditionFailure("abstract")
        }

        func cancel() {
            preconditionFailure("abstract")
        }
    }

    private final class DownstreamBehavior<Downstream: Subscriber>: Behavior
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let state = Mutex(BehaviorState())
        // Guarded by `state`: the subscriber (behind a reference, so that only a reference leaves the
        // lock) and the subject, both let go of on cancel or completion, and a deferred completion.
        @exclusivity(unchecked) private var downstream: DownstreamBox<Downstream>?
        /// Strong, as `PassthroughSubject`'s conduits hold theirs.
        @exclusivity(unchecked) private var subject: CustomSubject?
        @exclusivity(unchecked) private var deferredCompletion: Subscribers.Completion<Failure>?

        init(subject: CustomSubject, downstream: Downstream) {
            self.subject = subject
            self.downstream = DownstreamBox(downstream)
        }

        /// Gives the subscriber its subscription. A completion sent meanwhile waits until it returns, so
        /// that the subscriber sees its subscription first.
        func handOver(to downstream: Downstream) {
            downstream.receive(subscription: self)
            if state.withLock({ $0.endDelivery(adding: .none) }) {
                sendDeferredCompletion(to: downstream)
            }
        }

        override func offer(_ value: Output) {
            var downstream: DownstreamBox<Downstream>?
            state.withLock { state in
                if state.beginDelivery() {
                    downstream = self.downstream
                }
            }
            guard let downstream else { return }
            let demand = downstream.subscriber.receive(value)
            if state.withLock({ $0.endDelivery(adding: demand) }) {
                sendDeferredCompletion(to: downstream.subscriber)
            }
        }

        override func finish(with completion: Subscribers.Completion<Failure>) {
            let ended = end(with: completion)
            guard ended.closing == .sendNow, let downstream = ended.downstream else { return }
            downstream.subscriber.receive(completion: completion)
        }

        override func request(_ demand: Subscribers.Demand) {
            state.withLock { $0.request(demand) }
        }

        override func cancel() {
            end(with: nil).subject?.remove(self)
        }

        /// What ending the subscription let go of, to be used and released after unlocking.
        private struct Ended {
            var closing = BehaviorState.Closing.alreadyClosed
            var downstream: DownstreamBox<Downstream>?
            var subject: CustomSubject?
            var deferredCompletion: Subscribers.Completion<Failure>?
        }

        /// Ends the subscription with `completion`, or by cancellation if `nil`.
        private func end(with completion: Subscribers.Completion<Failure>?) -> Ended {
            var ended = Ended()
            state.withLock { state in
                ended.downstream = self.downstream.take()
                ended.subject = self.subject.take()
                if let completion {
                    ended.closing = state.close()
                    if ended.closing == .deferred {
                        self.deferredCompletion = completion
                    }
                } else {
                    state.cancel()
                    ended.deferredCompletion = self.deferredCompletion.take()
                }
            }
            return ended
        }

        /// Off the value path, so that its generic local costs the value path nothing.
        @inline(never)
        private func sendDeferredCompletion(to downstream: Downstream) {
            var completion: Subscribers.Completion<Failure>?
            state.withLock { _ in
                completion = self.deferredCompletion.take()
            }
            if let completion {
                downstream.receive(completion: completion)
            }
        }
    }

    /// A subscriber held through a reference: what leaves the lock for each value is a reference.
    private final class DownstreamBox<Downstream: Subscriber> {
        let subscriber: Downstream

        init(_ subscriber: Downstream) {
            self.subscriber = subscriber
        }
    }
}

// MARK: -

/// One subscription's locked state. It is not nested in the generic subject, so that the `Mutex` holds
/// a value of a fixed, non-generic type.
private struct BehaviorState {
    enum Closing {
        case alreadyClosed
        case sendNow
        /// A value is on its way: the completion goes out when its delivery ends.
        case deferred
    }

    private var isActive = true
    private var demand = Subscribers.Demand.none
    /// Calls to the subscriber under way, counting the handing over of the subscription. A count, not a
    /// flag: values may be delivered re-entrantly.
    private var deliveriesInFlight = 1
    private var hasDeferredCompletion = false

    /// Takes one unit of demand for a value, if the subscriber wants one. Every `true` is paired with
    /// ``endDelivery(adding:)``.
    mutating func beginDelivery() -> Bool {
        guard isActive, demand > .none else { return false }
        demand -= 1
        deliveriesInFlight += 1
        return true
    }

    /// Ends a call to the subscriber, adding the demand it returned. `true` if the caller must now send
    /// the completion deferred meanwhile.
    mutating func endDelivery(adding newDemand: Subscribers.Demand) -> Bool {
        if isActive, newDemand > .none {
            demand += newDemand
        }
        deliveriesInFlight -= 1
        guard deliveriesInFlight == 0, hasDeferredCompletion else { return false }
        hasDeferredCompletion = false
        return true
    }

    mutating func request(_ newDemand: Subscribers.Demand) {
        guard isActive else { return }
        demand += newDemand
    }

    mutating func close() -> Closing {
        guard isActive else { return .alreadyClosed }
        isActive = false
        guard deliveriesInFlight == 0 else {
            hasDeferredCompletion = true
            return .deferred
        }
        return .sendNow
    }

    mutating func cancel() {
        isActive = false
        hasDeferredCompletion = false
    }
}
