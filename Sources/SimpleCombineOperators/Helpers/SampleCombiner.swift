import SimpleCombine

/// The shared state of `sample` (RxSwift's `Sample`, the Producer/Sink pattern), and the subscription its
/// downstream receives.
///
/// Both inputs reach it through struct bridges (``SourceBridge`` for the upstream, ``SamplerBridge`` for
/// the sampler). The two may deliver on different threads at once and `request`/`cancel` may race with
/// either, so all state is guarded by one lock: every method locks, changes state, takes what it needs,
/// unlocks, and only then calls out.
final class SampleCombiner<Output, SamplerValue, Downstream: SimpleSubscriber>: SimpleSubscription
where Downstream.Input == Output {
    typealias Failure = Downstream.Failure

    private let lock = UnfairLock.allocate()
    /// Until the operator is terminal.
    private var downstream: Downstream?
    private var source: (any SimpleSubscription)?
    private var sampler: (any SimpleSubscription)?
    /// The newest upstream value not sampled yet.
    private var pending: Output?
    /// The upstream has finished: the next sampler event finishes the downstream (RxSwift's `atEnd`).
    private var atEnd = false
    /// Downstream demand not yet met: the sampler finishing may emit only if some is left.
    private var outstanding = SimpleSubscribers.Demand.none
    /// Demand that waits for the sampler's subscription.
    private var heldDemand = SimpleSubscribers.Demand.none
    /// A sampled value is on its way to the downstream, outside the lock.
    private var isDelivering = false
    /// The upstream failed during that delivery: the failure follows as soon as the delivery returns.
    private var deferredFailure: SimpleSubscribers.Completion<Failure>?
    /// The downstream cancelled, possibly while a last value was being delivered.
    private var isCancelled = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    deinit {
        lock.deallocate()
    }

    /// Hands the downstream its subscription, then subscribes to `upstream`, then to `sampler` (the
    /// order of RxSwift's `SampleSequenceSink.run`).
    ///
    /// The downstream gets its subscription first because a synchronous input may end the downstream
    /// while it is being subscribed to.
    func connect<Upstream: SimplePublisher, Sampler: SimplePublisher>(
        _ downstream: Downstream,
        upstream: Upstream,
        sampler: Sampler
    )
    where Upstream.Output == Output, Upstream.Failure == Failure,
        Sampler.Output == SamplerValue, Sampler.Failure == Failure {
        downstream.receive(subscription: self)
        upstream.subscribe(SourceBridge(combiner: self))
        sampler.subscribe(SamplerBridge(combiner: self))
    }

    // MARK: - SimpleSubscription

    func request(_ demand: SimpleSubscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        outstanding += demand
        guard let sampler else {
            heldDemand += demand
            lock.unlock()
            return
        }
        lock.unlock()
        sampler.request(demand)
    }

    func cancel() {
        lock.lock()
        // Also while a last value is being delivered (a cancel from inside receive(_:)).
        isCancelled = true
        guard downstream != nil else {
            lock.unlock()
            return
        }
        let ended = finish()
        lock.unlock()
        ended.source?.cancel()
        ended.sampler?.cancel()
    }

    // MARK: - Upstream

    fileprivate func receiveSource(subscription: any SimpleSubscription) {
        lock.lock()
        guard downstream != nil, source == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        source = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    fileprivate func receiveSource(_ value: Output) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        // The value it replaces is released after unlocking.
        let replaced = pending.take()
        pending = value
        lock.unlock()
        withExtendedLifetime(replaced) {}
    }

    fileprivate func receiveSource(completion: SimpleSubscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            // No event yet: the next sampler event finishes the downstream.
            atEnd = true
            let finished = source.take()
            lock.unlock()
            withExtendedLifetime(finished) {}
        case .failure:
            // Deferring and ending are decided in one critical section: decided apart, a sampler value
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
            ended.sampler?.cancel()
            ended.downstream.receive(completion: completion)
        }
    }

    // MARK: - Sampler

    fileprivate func receiveSampler(subscription: any SimpleSubscription) {
        lock.lock()
        guard downstream != nil, sampler == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        sampler = subscription
        let held = heldDemand
        heldDemand = .none
        lock.unlock()
        if held > .none {
            subscription.request(held)
        }
    }

    fileprivate func receiveSampler(_: SamplerValue) -> SimpleSubscribers.Demand {
        sample()
    }

    fileprivate func receiveSampler(completion: SimpleSubscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            // The finished sampler's subscription is let go, after unlocking; then the sampler's end
            // counts as one last tick.
            lock.lock()
            let finished = sampler.take()
            lock.unlock()
            withExtendedLifetime(finished) {}
            _ = sample()
        case .failure:
            fail(with: completion, cancellingSource: true)
        }
    }

    // MARK: - Private

    /// A sampler value, or the sampler finishing: emits the pending value if the downstream wants one,
    /// then finishes the downstream if the upstream has ended. Returns the demand for the sampler.
    private func sample() -> SimpleSubscribers.Demand {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return .none
        }
        var value: Output?
        if pending != nil, outstanding > .none {
            value = pending.take()
            outstanding -= 1
        }
        if atEnd {
            let ended = finish()
            lock.unlock()
            end(ended, emitting: value)
            return .none
        }
        guard let value else {
            let hasPending = pending != nil
            lock.unlock()
            // A pending value without demand waits (only a sampler that over-delivers gets here); a
            // tick with nothing pending goes back to the sampler.
            return hasPending ? .none : .max(1)
        }
        isDelivering = true
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        isDelivering = false
        if self.downstream != nil, more > .none {
            outstanding += more
        }
        let deferredFailure = self.deferredFailure.take()
        lock.unlock()
        if let deferredFailure {
            fail(with: deferredFailure, cancellingSource: false)
        }
        return more
    }

    /// Emits the last value, if any, cancels the sampler and finishes the downstream.
    private func end(_ ended: Ended, emitting value: Output?) {
        if let value {
            _ = ended.downstream.receive(value)
        }
        ended.sampler?.cancel()
        // The downstream may cancel from inside receive(_:); nothing reaches it after that.
        lock.lock()
        let isCancelled = self.isCancelled
        lock.unlock()
        if !isCancelled {
            ended.downstream.receive(completion: .finished)
        }
    }

    private func fail(with completion: SimpleSubscribers.Completion<Failure>, cancellingSource: Bool) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        let ended = finish()
        lock.unlock()
        (cancellingSource ? ended.source : ended.sampler)?.cancel()
        ended.downstream.receive(completion: completion)
    }

    /// What the operator let go of when it became terminal, to be used and released after unlocking.
    private struct Ended {
        let downstream: Downstream
        let source: (any SimpleSubscription)?
        let sampler: (any SimpleSubscription)?
        let pending: Output?
    }

    /// Makes the operator terminal.
    /// - Precondition: the lock is held and the operator is not terminal.
    private func finish() -> Ended {
        deferredFailure = nil
        heldDemand = .none
        return Ended(downstream: downstream.take()!, source: source.take(), sampler: sampler.take(), pending: pending.take())
    }
}

// MARK: - Bridges

extension SampleCombiner {
    /// The struct subscriber for the upstream: it only forwards to the shared combiner.
    struct SourceBridge: SimpleSubscriber {
        typealias Input = Output

        let combiner: SampleCombiner
        // A struct subscriber has no address; the two bridges must not share one identity either.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            combiner.receiveSource(subscription: subscription)
        }

        func receive(_ input: Output) -> SimpleSubscribers.Demand {
            combiner.receiveSource(input)
            // The upstream was asked for `.unlimited`.
            return .none
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            combiner.receiveSource(completion: completion)
        }
    }

    /// The struct subscriber for the sampler: it only forwards to the shared combiner.
    struct SamplerBridge: SimpleSubscriber {
        typealias Input = SamplerValue

        let combiner: SampleCombiner
        // A struct subscriber has no address; the two bridges must not share one identity either.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            combiner.receiveSampler(subscription: subscription)
        }

        func receive(_ input: SamplerValue) -> SimpleSubscribers.Demand {
            combiner.receiveSampler(input)
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            combiner.receiveSampler(completion: completion)
        }
    }
}
