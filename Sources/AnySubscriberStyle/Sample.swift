import CombineFramework
import Synchronization

extension Publisher {
    /// Emits the latest value of this publisher, at most once, each time `sampler` emits (RxSwift's
    /// `Sample`, the Producer/Sink pattern).
    ///
    /// This publisher is subscribed first and asked for `.unlimited`; downstream demand goes to
    /// `sampler`. A tick with nothing new returns `.max(1)` to the sampler. Once this publisher has
    /// finished, the next tick (or the sampler finishing) finishes the downstream. Either input failing
    /// fails the downstream and cancels the other.
    public func closureSample<Sampler: Publisher>(
        _ sampler: Sampler
    ) -> ClosurePublishers.Sample<Self, Sampler> where Sampler.Failure == Failure {
        ClosurePublishers.Sample(upstream: self, sampler: sampler)
    }
}

extension ClosurePublishers {
    /// A publisher that emits the latest value of its upstream whenever a sampler emits.
    public struct Sample<Upstream: Publisher, Sampler: Publisher>: Publisher
    where Sampler.Failure == Upstream.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The input whose latest value is emitted.
        public let upstream: Upstream
        /// The input whose values (and finishing) trigger an emission.
        public let sampler: Sampler

        /// Creates the operator; `closureSample(_:)` is the usual way in.
        public init(upstream: Upstream, sampler: Sampler) {
            self.upstream = upstream
            self.sampler = sampler
        }

        /// The downstream gets its subscription before either input is subscribed, so nothing an input
        /// sends while being subscribed reaches it first; then the upstream, then the sampler (RxSwift's
        /// `SampleSequenceSink.run` order).
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let core = Core(subscriber)
            subscriber.receive(subscription: core.makeSubscription())
            upstream.subscribe(core.makeUpstreamSubscriber())
            sampler.subscribe(core.makeSamplerSubscriber())
        }
    }
}

// MARK: -

extension ClosurePublishers.Sample {
    /// The closures of both `AnySubscriber`s and of the downstream's `ClosureSubscription`, and the state
    /// they share. The closures capture this object strongly (the downstream may be its only owner); the
    /// terminal event and cancel drop both subscriptions, the pending value and the downstream.
    private final class Core<Downstream: Subscriber>
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        private struct State {
            var gate: DownstreamGate<Downstream>
            var upstream: Subscription?
            var sampler: Subscription?
            var pending: Upstream.Output?
            var atEnd = false
            /// Downstream demand not yet met; the sampler has been asked for exactly this much.
            var outstanding = Subscribers.Demand.none
            /// Downstream demand that waits for the sampler's subscription.
            var heldDemand = Subscribers.Demand.none
        }

        private enum Source {
            case upstream
            case sampler
        }

        private let state: Mutex<State>

        init(_ downstream: Downstream) {
            state = Mutex(State(gate: DownstreamGate(downstream)))
        }

        func makeSubscription() -> ClosureSubscription {
            ClosureSubscription(
                request: { [self] demand in route(demand)?.request(demand) },
                cancel: { [self] in cancel() }
            )
        }

        func makeUpstreamSubscriber() -> AnySubscriber<Upstream.Output, Upstream.Failure> {
            AnySubscriber(
                receiveSubscription: { [self] subscription in
                    guard attach(subscription, from: .upstream) != nil else { return subscription.cancel() }
                    subscription.request(.unlimited)
                },
                receiveValue: { [self] value in
                    state.withLock { state in
                        if state.gate.isOpen { state.pending = value }
                    }
                    return .none
                },
                receiveCompletion: { [self] completion in
                    switch completion {
                    case .finished: upstreamFinished()
                    case .failure: terminate(with: completion, from: .upstream)
                    }
                }
            )
        }

        func makeSamplerSubscriber() -> AnySubscriber<Sampler.Output, Upstream.Failure> {
            AnySubscriber(
                receiveSubscription: { [self] subscription in
                    guard let heldDemand = attach(subscription, from: .sampler) else { return subscription.cancel() }
                    if heldDemand > .none { subscription.request(heldDemand) }
                },
                receiveValue: { [self] _ in
                    guard let (downstream, value) = takePending() else {
                        return settle() ? .max(1) : .none
                    }
                    let demand = downstream.receive(value)
                    return settle(afterDeliveryReturning: demand) ? demand : .none
                },
                receiveCompletion: { [self] completion in
                    switch completion {
                    case .finished: samplerFinished()
                    case .failure: terminate(with: completion, from: .sampler)
                    }
                }
            )
        }

        private func samplerFinished() {
            state.withLock { state in state.sampler = nil }
            if let (downstream, value) = takePending() {
                _ = settle(afterDeliveryReturning: downstream.receive(value))
            } else {
                _ = settle()
            }
        }

        // MARK: - Locked transitions: lock, change, take what the caller needs, unlock

        /// Stores a subscription; returns the demand to request from it, or `nil` when it must be cancelled.
        private func attach(_ subscription: Subscription, from source: Source) -> Subscribers.Demand? {
            state.withLock { state in
                guard state.gate.isOpen else { return nil }
                switch source {
                case .upstream:
                    guard state.upstream == nil else { return nil }
                    state.upstream = subscription
                    return Subscribers.Demand.unlimited
                case .sampler:
                    guard state.sampler == nil else { return nil }
                    state.sampler = subscription
                    defer { state.heldDemand = .none }
                    return state.heldDemand
                }
            }
        }

        /// Downstream demand goes to the sampler, or waits for its subscription.
        private func route(_ demand: Subscribers.Demand) -> Subscription? {
            state.withLock { state in
                guard demand > .none, state.gate.isOpen else { return nil }
                state.outstanding += demand
                if let sampler = state.sampler { return sampler }
                state.heldDemand += demand
                return nil
            }
        }

        /// The pending value and the downstream to give it to, if there is one and it has been asked for.
        private func takePending() -> (Downstream, Upstream.Output)? {
            state.withLock { state in
                guard state.outstanding > .none, let value = state.pending,
                    let downstream = state.gate.beginDelivery()
                else { return nil }
                state.pending = nil
                state.outstanding -= 1
                return (downstream, value)
            }
        }

        /// Ends a sampler event: a delivery's returned demand counts as outstanding again, a terminal event
        /// that waited for the delivery goes out, and an upstream that has finished finishes the
        /// downstream and cancels the sampler. Returns whether the downstream is still open.
        private func settle(afterDeliveryReturning demand: Subscribers.Demand? = nil) -> Bool {
            let (sampler, pending, isOpen) = state.withLock {
                state -> (Subscription?, PendingCompletion<Downstream>?, Bool) in
                if let demand {
                    state.outstanding += demand
                    if let deferred = state.gate.endDelivery() { return (nil, deferred, false) }
                }
                guard state.atEnd, state.gate.isOpen else { return (nil, nil, state.gate.isOpen) }
                defer { state.sampler = nil }
                return (state.sampler, state.gate.close(with: .finished), false)
            }
            sampler?.cancel()
            pending?.deliver()
            return isOpen
        }

        /// No event downstream yet: the next sampler event finishes it.
        private func upstreamFinished() {
            state.withLock { state in
                state.atEnd = true
                state.upstream = nil
            }
        }

        /// Ends the downstream for either input, and cancels the input that did not end.
        private func terminate(with completion: Subscribers.Completion<Upstream.Failure>, from source: Source) {
            let (survivor, pending) = state.withLock { state in
                let survivor = source == .upstream ? state.sampler : state.upstream
                state.upstream = nil
                state.sampler = nil
                state.pending = nil
                return (survivor, state.gate.close(with: completion))
            }
            survivor?.cancel()
            pending?.deliver()
        }

        private func cancel() {
            let (upstream, sampler) = state.withLock { state in
                defer {
                    state.upstream = nil
                    state.sampler = nil
                    state.pending = nil
                    state.gate.cancel()
                }
                return (state.upstream, state.sampler)
            }
            upstream?.cancel()
            sampler?.cancel()
        }
    }
}
