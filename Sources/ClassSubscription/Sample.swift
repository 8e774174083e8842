import CombineFramework
import Synchronization

extension Publisher {
    /// Emits the latest upstream value, at most once, each time `sampler` emits (RxSwift's `sample`,
    /// the Producer/Sink pattern), through an inner that is a class subscription.
    ///
    /// The upstream is subscribed to first and asked for `.unlimited`; downstream demand goes to the
    /// sampler. A sampler value with no new upstream value returns `.max(1)` to the sampler. The sampler
    /// finishing emits the pending value if the downstream wants one. Once the upstream has finished,
    /// the next sampler value or the sampler finishing finishes the downstream and cancels the sampler.
    /// Either input failing fails the downstream and cancels the other input.
    public func subscriptionSample<Sampler: Publisher>(
        _ sampler: Sampler
    ) -> SubscriptionPublishers.Sample<Self, Sampler> where Sampler.Failure == Failure {
        SubscriptionPublishers.Sample(upstream: self, sampler: sampler)
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that emits the latest value of `upstream` each time `sampler` emits.
    public struct Sample<Upstream: Publisher, Sampler: Publisher>: Publisher
    where Sampler.Failure == Upstream.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let sampler: Sampler

        public init(upstream: Upstream, sampler: Sampler) {
            self.upstream = upstream
            self.sampler = sampler
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // Downstream first, since either input may end it while being subscribed to; then the
            // upstream, then the sampler (the order of RxSwift's `SampleSequenceSink.run`).
            let inner = Inner(downstream: subscriber)
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
            sampler.subscribe(Inner.SamplerSubscriber(inner: inner))
        }
    }
}

// MARK: -

extension SubscriptionPublishers.Sample {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let state = Mutex(SampleState())
        // Guarded by `state` (see `SubscriptionPublishers`): the downstream until the operator ends; the
        // pending upstream value, in a box rewritten in place while it stays here and handed out whole
        // when emitted; the box of the last emission, given back to be reused so that emitting
        // allocates nothing; and the terminal event the gate deferred.
        @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?
        @exclusivity(unchecked) private var pending: ValueBox<Output>?
        @exclusivity(unchecked) private var spare: ValueBox<Output>?
        @exclusivity(unchecked) private var deferredCompletion: Subscribers.Completion<Failure>?

        init(downstream: Downstream) {
            self.downstream = DownstreamRef(downstream)
        }

        // MARK: - Upstream

        func receive(subscription: Subscription) {
            guard state.withLock({ $0.upstream.attach(subscription) }) else {
                subscription.cancel()
                return
            }
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            state.withLock { state in
                guard state.gate.isOpen else { return }
                if let pending = self.pending {
                    pending.value = input
                } else if let spare = self.spare {
                    spare.value = input
                    self.pending = spare
                    self.spare = nil
                } else {
                    self.pending = ValueBox(input)
                }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard case .failure = completion else {
                // Nothing goes downstream yet: the next sampler event finishes it.
                _ = state.withLock { state in
                    state.atEnd = true
                    return state.upstream.close()
                }
                return
            }
            let ended = end(with: completion)
            ended.sampler?.cancel()
            ended.send(completion)
        }

        // MARK: - Sampler

        private func receiveSampler(subscription: Subscription) {
            guard let heldDemand = state.withLock({ $0.attachSampler(subscription) }) else {
                subscription.cancel()
                return
            }
            if heldDemand > .none {
                subscription.request(heldDemand)
            }
        }

        private func receiveSampler(completion: Subscribers.Completion<Failure>) {
            guard case .failure = completion else {
                _ = receiveSamplerEvent(isFinished: true)
                return
            }
            let ended = end(with: completion)
            ended.upstream?.cancel()
            ended.send(completion)
        }

        /// A sampler value, or the sampler finishing: emits the pending value if the downstream wants
        /// it, then finishes the downstream if the upstream has finished.
        private func receiveSamplerEvent(isFinished: Bool) -> Subscribers.Demand {
            var downstream: DownstreamRef<Downstream>?
            var value: ValueBox<Output>?
            let (step, _) = state.withLock { state -> (SampleState.Step, Subscription?) in
                // A finished sampler's subscription comes out too, to be released after unlocking.
                let finished = isFinished ? state.sampler.close() : nil
                let step = state.samplerEvent(hasPending: self.pending != nil, isFinished: isFinished)
                if case .emit = step {
                    value = self.pending
                    self.pending = nil
                    downstream = self.downstream
                } else {
                    downstream = takeDownstream(ifFinishing: step)
                }
                return (step, finished)
            }
            switch step {
            case .none, .sendDeferred:
                return .none
            case .replenish:
                // The tick used a unit of the downstream's demand without emitting: it goes back.
                return .max(1)
            case .emit:
                guard let downstream, let value else { return .none }
                let demand = downstream.receive(value.value)
                endEmission(to: downstream, adding: demand, returning: value)
                return demand
            case let .finish(closing, sampler):
                finish(downstream, closing, cancelling: sampler)
                return .none
            }
        }

        /// Records the demand the downstream returned and takes back the emitted box; then sends a
        /// terminal event deferred meanwhile, or finishes the downstream if the upstream has finished.
        private func endEmission(
            to downstream: DownstreamRef<Downstream>,
            adding demand: Subscribers.Demand,
            returning box: ValueBox<Output>
        ) {
            var finishing: DownstreamRef<Downstream>?
            let step = state.withLock { state in
                let step = state.endEmission(adding: demand)
                if state.gate.isOpen, self.spare == nil {
                    self.spare = box
                }
                finishing = takeDownstream(ifFinishing: step)
                return step
            }
            switch step {
            case .sendDeferred:
                sendDeferredCompletion(to: downstream)
            case let .finish(closing, sampler):
                finish(finishing, closing, cancelling: sampler)
            case .none, .replenish, .emit:
                break
            }
        }

        // MARK: - Downstream

        func request(_ demand: Subscribers.Demand) {
            state.withLock { $0.request(demand) }?.request(demand)
        }

        func cancel() {
            let ended = end(with: nil)
            ended.upstream?.cancel()
            ended.sampler?.cancel()
        }

        // MARK: - Ending

        /// Under the lock: the guarded side of a step that finishes the downstream. Returns the
        /// downstream let go of.
        private func takeDownstream(ifFinishing step: SampleState.Step) -> DownstreamRef<Downstream>? {
            guard case let .finish(closing, _) = step else { return nil }
            if closing == .deferred {
                deferredCompletion = .finished
            }
            return downstream.take()
        }

        private func finish(
            _ downstream: DownstreamRef<Downstream>?,
            _ closing: DeliveryGate.Closing,
            cancelling sampler: Subscription?
        ) {
            sampler?.cancel()
            if closing == .sendNow {
                downstream?.receive(completion: .finished)
            }
        }

        /// What ending the operator let go of, to be used and released after unlocking.
        private struct Ended {
            var closing = DeliveryGate.Closing.alreadyClosed
            var downstream: DownstreamRef<Downstream>?
            var pending: ValueBox<Output>?
            var spare: ValueBox<Output>?
            var deferredCompletion: Subscribers.Completion<Failure>?
            var upstream: Subscription?
            var sampler: Subscription?

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
                ended.pending = self.pending.take()
                ended.spare = self.spare.take()
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
            ended.sampler = inputs.sampler
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

        // MARK: - Sampler's subscriber

        /// Forwards the sampler's events to the inner, which cannot conform to `Subscriber` twice.
        struct SamplerSubscriber: Subscriber {
            typealias Input = Sampler.Output
            typealias Failure = Sampler.Failure

            let inner: Inner
            // A struct has no object identity for a subject to key it by.
            let combineIdentifier = CombineIdentifier()

            func receive(subscription: Subscription) {
                inner.receiveSampler(subscription: subscription)
            }

            func receive(_ input: Sampler.Output) -> Subscribers.Demand {
                inner.receiveSamplerEvent(isFinished: false)
            }

            func receive(completion: Subscribers.Completion<Sampler.Failure>) {
                inner.receiveSampler(completion: completion)
            }
        }
    }
}
