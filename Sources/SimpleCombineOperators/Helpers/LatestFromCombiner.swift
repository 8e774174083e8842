import SimpleCombine

/// The shared state of `withLatestFrom` and `sampleWithFrom` (the custom-operator and Producer/Sink
/// patterns), and the subscription their downstream receives.
///
/// Both inputs reach it through struct bridges (``Primary`` for the upstream, ``Secondary`` for
/// `other`). The two may deliver on different threads at once and `request`/`cancel` may race with
/// either, so all state is guarded by one lock: every method locks, changes state, takes what it needs,
/// unlocks, and only then calls out.
final class LatestFromCombiner<PrimaryValue, SecondaryValue, Downstream: SimpleSubscriber>: SimpleSubscription {
    typealias Failure = Downstream.Failure

    private let lock = UnfairLock.allocate()
    /// Until the operator is terminal.
    private var downstream: Downstream?
    private var primary: (any SimpleSubscription)?
    private var secondary: (any SimpleSubscription)?
    private var latest: SecondaryValue?
    /// `other` has produced a value (a consumed `latest` does not turn this back).
    private var hasSecondaryValue = false
    /// Downstream demand waiting for the first `latest` and for the upstream's subscription.
    private var heldDemand = SimpleSubscribers.Demand.none
    /// An upstream value is on its way to the downstream, outside the lock.
    private var isDelivering = false
    /// `other` failed during that delivery: the failure follows as soon as the delivery returns, so the
    /// downstream never sees a value after its terminal event.
    private var deferredFailure: SimpleSubscribers.Completion<Failure>?

    private let resultSelector: (PrimaryValue, SecondaryValue) -> Downstream.Input
    /// `sampleWithFrom` combines each value of `other` at most once; `withLatestFrom` keeps it.
    private let consumesLatest: Bool

    init(
        downstream: Downstream,
        consumesLatest: Bool,
        resultSelector: @escaping (PrimaryValue, SecondaryValue) -> Downstream.Input
    ) {
        self.downstream = downstream
        self.consumesLatest = consumesLatest
        self.resultSelector = resultSelector
    }

    deinit {
        lock.deallocate()
    }

    /// Hands the downstream its subscription, then subscribes to `other`, then to `upstream` (the order
    /// of RxSwift's `WithLatestFromSink.run`).
    ///
    /// The downstream gets its subscription first because a synchronous `other` may fail, and so end the
    /// downstream, while it is being subscribed to.
    func connect<Upstream: SimplePublisher, Other: SimplePublisher>(
        _ downstream: Downstream,
        upstream: Upstream,
        other: Other
    )
    where Upstream.Output == PrimaryValue, Upstream.Failure == Failure,
        Other.Output == SecondaryValue, Other.Failure == Failure {
        downstream.receive(subscription: self)
        other.subscribe(Secondary(combiner: self))
        upstream.subscribe(Primary(combiner: self))
    }

    // MARK: - SimpleSubscription

    func request(_ demand: SimpleSubscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        // The custom-operator pattern: demand that arrives before `other` has a value is held, then sent in
        // one request.
        guard hasSecondaryValue, let primary else {
            heldDemand += demand
            lock.unlock()
            return
        }
        lock.unlock()
        primary.request(demand)
    }

    func cancel() {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        let ended = finish()
        lock.unlock()
        ended.primary?.cancel()
        ended.secondary?.cancel()
    }

    // MARK: - Upstream

    fileprivate func receivePrimary(subscription: any SimpleSubscription) {
        lock.lock()
        guard downstream != nil, primary == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        primary = subscription
        let held = takeHeldDemand()
        lock.unlock()
        if held > .none {
            subscription.request(held)
        }
    }

    fileprivate func receivePrimary(_ value: PrimaryValue) -> SimpleSubscribers.Demand {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return .none
        }
        guard let latest else {
            lock.unlock()
            // The upstream spent one unit of demand on a value the downstream never saw.
            return .max(1)
        }
        if consumesLatest {
            self.latest = nil
        }
        isDelivering = true
        lock.unlock()
        let more = downstream.receive(resultSelector(value, latest))
        lock.lock()
        isDelivering = false
        let deferredFailure = self.deferredFailure.take()
        lock.unlock()
        if let deferredFailure {
            terminate(with: deferredFailure, cancellingPrimary: true)
        }
        return more
    }

    fileprivate func receivePrimary(completion: SimpleSubscribers.Completion<Failure>) {
        terminate(with: completion, cancellingPrimary: false)
    }

    // MARK: - Other

    fileprivate func receiveSecondary(subscription: any SimpleSubscription) {
        lock.lock()
        guard downstream != nil, secondary == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        secondary = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    fileprivate func receiveSecondary(_ value: SecondaryValue) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        // The value it replaces is released after unlocking.
        let replaced = latest.take()
        latest = value
        guard !hasSecondaryValue else {
            lock.unlock()
            withExtendedLifetime(replaced) {}
            return
        }
        hasSecondaryValue = true
        let primary = self.primary
        let held = takeHeldDemand()
        lock.unlock()
        if held > .none {
            primary?.request(held)
        }
    }

    fileprivate func receiveSecondary(completion: SimpleSubscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            // The latest value stays usable; the finished subscription is let go, after unlocking.
            let finished = secondary.take()
            lock.unlock()
            withExtendedLifetime(finished) {}
        case .failure:
            // Deferring and ending are decided in one critical section: decided apart, an upstream value
            // could start its delivery in between and reach the downstream after the failure.
            guard !isDelivering else {
                if deferredFailure == nil {
                    deferredFailure = completion
                }
                lock.unlock()
                return
            }
            let ended = finish()
            lock.unlock()
            ended.primary?.cancel()
            ended.downstream.receive(completion: completion)
        }
    }

    // MARK: - Private

    /// Ends the downstream with `completion` and cancels the input that did not end it.
    private func terminate(with completion: SimpleSubscribers.Completion<Failure>, cancellingPrimary: Bool) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        let ended = finish()
        lock.unlock()
        (cancellingPrimary ? ended.primary : ended.secondary)?.cancel()
        ended.downstream.receive(completion: completion)
    }

    /// What the operator let go of when it became terminal, to be used and released after unlocking.
    private struct Ended {
        let downstream: Downstream
        let primary: (any SimpleSubscription)?
        let secondary: (any SimpleSubscription)?
        let latest: SecondaryValue?
    }

    /// Makes the operator terminal.
    /// - Precondition: the lock is held and the operator is not terminal.
    private func finish() -> Ended {
        heldDemand = .none
        deferredFailure = nil
        return Ended(downstream: downstream.take()!, primary: primary.take(), secondary: secondary.take(), latest: latest.take())
    }

    /// The held demand, taken once both a `latest` and the upstream's subscription exist.
    /// - Precondition: the lock is held.
    private func takeHeldDemand() -> SimpleSubscribers.Demand {
        guard hasSecondaryValue, primary != nil else { return .none }
        defer { heldDemand = .none }
        return heldDemand
    }
}

// MARK: - Bridges

extension LatestFromCombiner {
    /// The struct subscriber for the upstream: it only forwards to the shared combiner.
    struct Primary: SimpleSubscriber {
        typealias Input = PrimaryValue

        let combiner: LatestFromCombiner
        // A struct subscriber has no address; the two bridges must not share one identity either.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            combiner.receivePrimary(subscription: subscription)
        }

        func receive(_ input: PrimaryValue) -> SimpleSubscribers.Demand {
            combiner.receivePrimary(input)
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            combiner.receivePrimary(completion: completion)
        }
    }

    /// The struct subscriber for `other`: it only forwards to the shared combiner.
    struct Secondary: SimpleSubscriber {
        typealias Input = SecondaryValue

        let combiner: LatestFromCombiner
        // A struct subscriber has no address; the two bridges must not share one identity either.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            combiner.receiveSecondary(subscription: subscription)
        }

        func receive(_ input: SecondaryValue) -> SimpleSubscribers.Demand {
            combiner.receiveSecondary(input)
            // `other` was asked for `.unlimited`.
            return .none
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            combiner.receiveSecondary(completion: completion)
        }
    }
}
