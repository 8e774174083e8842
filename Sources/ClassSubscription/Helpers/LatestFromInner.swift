import CombineFramework
import Synchronization

/// The inner of `withLatestFrom` and `sampleWithFrom` (the custom-operator and Producer/Sink patterns),
/// which differ in one rule:
/// whether a value of `other` may be combined more than once.
///
/// It is the upstream's subscriber, `other`'s subscriber (through ``OtherSubscriber``) and the
/// downstream's subscription. The two inputs may deliver on different threads at once, and `request`
/// and `cancel` may race with both: every method locks, changes state, takes what it needs, unlocks,
/// and only then calls out. A ``DeliveryGate`` keeps the downstream's calls serial.
final class LatestFromInner<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>
: Subscriber, Subscription
where Other.Failure == Upstream.Failure, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure
    typealias ResultSelector = (Upstream.Output, Other.Output) -> Downstream.Input

    private let state = Mutex(LatestFromState())
    // Guarded by `state` (see `SubscriptionPublishers`): the downstream until the operator ends; the
    // latest value of `other`, in a new box per value so that a box handed out is never written; and
    // the terminal event the gate deferred.
    @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?
    @exclusivity(unchecked) private var latest: ValueBox<Other.Output>?
    @exclusivity(unchecked) private var deferredCompletion: Subscribers.Completion<Failure>?
    private let resultSelector: ResultSelector
    /// `sampleWithFrom` clears `latest` when it is used; `withLatestFrom` keeps it.
    private let consumesLatest: Bool

    init(downstream: Downstream, consumesLatest: Bool, resultSelector: @escaping ResultSelector) {
        self.downstream = DownstreamRef(downstream)
        self.consumesLatest = consumesLatest
        self.resultSelector = resultSelector
    }

    /// Hands the downstream its subscription, then subscribes to `other`, then to `upstream` (the
    /// order of RxSwift's `WithLatestFromSink.run`). The downstream comes first because either input
    /// may end it while being subscribed to.
    func connect(_ downstream: Downstream, upstream: Upstream, other: Other) {
        downstream.receive(subscription: self)
        other.subscribe(OtherSubscriber(inner: self))
        upstream.subscribe(self)
    }

    // MARK: - Upstream

    func receive(subscription: Subscription) {
        let heldDemand: Subscribers.Demand? = state.withLock { state in
            guard state.upstream.attach(subscription) else { return nil }
            return state.releaseHeldDemand(hasLatest: self.latest != nil)?.demand ?? Subscribers.Demand.none
        }
        guard let heldDemand else {
            subscription.cancel()
            return
        }
        if heldDemand > .none {
            subscription.request(heldDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        var downstream: DownstreamRef<Downstream>?
        var latest: ValueBox<Other.Output>?
        let isOpen = state.withLock { state -> Bool in
            guard state.gate.isOpen else { return false }
            guard let value = self.latest, state.gate.beginDelivery() else { return true }
            if consumesLatest {
                self.latest = nil
            }
            latest = value
            downstream = self.downstream
            return true
        }
        guard let downstream, let latest else {
            // No value of `other` to combine with: the unit of demand this value used goes back.
            return isOpen ? .max(1) : .none
        }
        let demand = downstream.receive(resultSelector(input, latest.value))
        if state.withLock({ $0.gate.endDelivery() }) {
            sendDeferredCompletion(to: downstream)
        }
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let ended = end(with: completion)
        ended.other?.cancel()
        ended.send(completion)
    }

    // MARK: - Other

    private func receiveOther(subscription: Subscription) {
        guard state.withLock({ $0.other.attach(subscription) }) else {
            subscription.cancel()
            return
        }
        subscription.request(.unlimited)
    }

    private func receiveOther(_ input: Other.Output) -> Subscribers.Demand {
        // Swapped in under the lock: the previous box comes out in its place, released after unlocking.
        var box: ValueBox<Other.Output>? = ValueBox(input)
        let release = state.withLock { state -> (upstream: Subscription, demand: Subscribers.Demand)? in
            guard state.gate.isOpen else { return nil }
            let previous = self.latest
            self.latest = box
            box = previous
            return state.releaseHeldDemand(hasLatest: true)
        }
        if let release, release.demand > .none {
            release.upstream.request(release.demand)
        }
        return .none
    }

    private func receiveOther(completion: Subscribers.Completion<Failure>) {
        guard case .failure = completion else {
            // The latest value stays usable; only the finished subscription goes, after unlocking.
            _ = state.withLock { $0.other.close() }
            return
        }
        let ended = end(with: completion)
        ended.upstream?.cancel()
        ended.send(completion)
    }

    // MARK: - Downstream

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.request(demand) }?.request(demand)
    }

    func cancel() {
        let ended = end(with: nil)
        ended.upstream?.cancel()
        ended.other?.cancel()
    }

    // MARK: - Ending

    /// What ending the operator let go of, to be used and released after unlocking.
    private struct Ended {
        var closing = DeliveryGate.Closing.alreadyClosed
        var downstream: DownstreamRef<Downstream>?
        var latest: ValueBox<Other.Output>?
        var deferredCompletion: Subscribers.Completion<Failure>?
        var upstream: Subscription?
        var other: Subscription?

        /// Sends the terminal event if it is due now; a deferred one goes out when the delivery in
        /// flight ends.
        func send(_ completion: Subscribers.Completion<Failure>) {
            guard closing == .sendNow else { return }
            downstream?.receive(completion: completion)
        }
    }

    /// Ends the operator with `completion`, or by cancellation if `nil`.
    private func end(with completion: Subscribers.Completion<Failure>?) -> Ended {
        var ended = Ended()
        let inputs = state.withLock { state in
            ended.downstream = self.downstream.take()
            ended.latest = self.latest.take()
            if let completion {
                ended.closing = state.gate.close()
                if ended.closing == .deferred {
                    self.deferredCompletion = completion
                }
            } else {
                state.gate.cancel()
                ended.deferredCompletion = self.deferredCompletion.take()
            }
            return state.closeInputs()
        }
        ended.upstream = inputs.upstream
        ended.other = inputs.other
        return ended
    }

    /// Off the value path, so that its generic local costs the value path nothing.
    @inline(never)
    private func sendDeferredCompletion(to downstream: DownstreamRef<Downstream>) {
        var completion: Subscribers.Completion<Failure>?
        state.withLock { _ in
            completion = self.deferredCompletion.take()
        }
        if let completion {
            downstream.receive(completion: completion)
        }
    }
}

extension LatestFromInner {
    /// `other`'s subscriber: forwards to the inner, which cannot conform to `Subscriber` twice.
    struct OtherSubscriber: Subscriber {
        typealias Input = Other.Output
        typealias Failure = Other.Failure

        let inner: LatestFromInner
        // A struct has no object identity for a subject to key it by.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            inner.receiveOther(subscription: subscription)
        }

        func receive(_ input: Other.Output) -> Subscribers.Demand {
            inner.receiveOther(input)
        }

        func receive(completion: Subscribers.Completion<Other.Failure>) {
            inner.receiveOther(completion: completion)
        }
    }
}
