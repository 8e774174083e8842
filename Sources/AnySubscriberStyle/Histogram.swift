import CombineFramework
import StyleKit
import Synchronization

extension Publisher where Output == Int {
    /// Counts every value and, once the upstream finishes, emits the bins sorted by key (the composition
    /// pattern).
    ///
    /// Reduce-like demand: the downstream's first request asks the upstream for `.unlimited`, and the
    /// result waits until the downstream has asked for at least one value. A failure passes through
    /// with no result.
    public func closureHistogram() -> ClosurePublishers.Histogram<Self> {
        ClosurePublishers.Histogram(upstream: self)
    }
}

extension ClosurePublishers {
    /// A publisher that emits one histogram of its upstream's values when the upstream finishes.
    public struct Histogram<Upstream: Publisher>: Publisher where Upstream.Output == Int {
        public typealias Output = [HistogramBin]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are counted.
        public let upstream: Upstream

        /// Creates a histogram of `upstream`; `closureHistogram()` is the usual way in.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Counter(subscriber).makeUpstreamSubscriber())
        }
    }
}

// MARK: -

extension ClosurePublishers.Histogram {
    /// The counts and the demand, shared by the closures of the upstream's `AnySubscriber` and of the
    /// downstream's `ClosureSubscription`.
    ///
    /// The downstream needs a subscription of its own because its demand is not the upstream's: its
    /// first request becomes `.unlimited` upstream, and a request that comes after the upstream finished
    /// must deliver the result. A `ClosureSubscription` over this object is the smallest thing that does
    /// both. The closures hold this object strongly (the downstream may be its only owner); it drops
    /// the upstream subscription and the downstream at the terminal event or at cancel.
    private final class Counter<Downstream: Subscriber>
    where Downstream.Input == [HistogramBin], Downstream.Failure == Upstream.Failure {
        private struct State {
            var gate: DownstreamGate<Downstream>
            var upstream: Subscription?
            var counts: [Int: Int] = [:]
            var hasDemand = false
            var upstreamFinished = false
        }

        private enum Step {
            case none
            case requestUnlimited(Subscription)
            case deliver(Downstream, [Int: Int])
        }

        private let state: Mutex<State>

        init(_ downstream: Downstream) {
            state = Mutex(State(gate: DownstreamGate(downstream)))
        }

        func makeUpstreamSubscriber() -> AnySubscriber<Int, Upstream.Failure> {
            AnySubscriber(
                receiveSubscription: { [self] subscription in
                    guard let downstream = attach(subscription) else { return subscription.cancel() }
                    downstream.receive(subscription: ClosureSubscription(
                        request: { [self] demand in perform(request(demand)) },
                        cancel: { [self] in cancel() }
                    ))
                    endDelivery()?.deliver()
                },
                receiveValue: { [self] value in
                    state.withLock { state in
                        if state.gate.isOpen { HistogramBin.counting(&state.counts, value) }
                    }
                    return .none
                },
                receiveCompletion: { [self] completion in
                    switch completion {
                    case .finished: perform(upstreamFinished())
                    case .failure: upstreamFailed(completion)
                    }
                }
            )
        }

        /// The downstream to hand the subscription to, or `nil` for a subscription that must be cancelled.
        /// Handing it over counts as a delivery: a synchronous upstream can finish inside the downstream's
        /// first request, and its `.finished` must wait until `receive(subscription:)` has returned.
        private func attach(_ subscription: Subscription) -> Downstream? {
            state.withLock { state in
                guard state.upstream == nil, !state.upstreamFinished,
                    let downstream = state.gate.beginDelivery()
                else { return nil }
                state.upstream = subscription
                return downstream
            }
        }

        private func endDelivery() -> PendingCompletion<Downstream>? {
            state.withLock { state in state.gate.endDelivery() }
        }

        private func request(_ demand: Subscribers.Demand) -> Step {
            state.withLock { state in
                guard demand > .none, state.gate.isOpen, !state.hasDemand else { return .none }
                state.hasDemand = true
                if state.upstreamFinished { return takeResult(&state) }
                return state.upstream.map(Step.requestUnlimited) ?? .none
            }
        }

        private func upstreamFinished() -> Step {
            state.withLock { state in
                guard state.gate.isOpen, !state.upstreamFinished else { return .none }
                state.upstreamFinished = true
                state.upstream = nil
                return state.hasDemand ? takeResult(&state) : .none
            }
        }

        private func takeResult(_ state: inout State) -> Step {
            guard let downstream = state.gate.beginDelivery() else { return .none }
            defer { state.counts = [:] }
            return .deliver(downstream, state.counts)
        }

        private func perform(_ step: Step) {
            switch step {
            case .none:
                break
            case .requestUnlimited(let upstream):
                upstream.request(.unlimited)
            case .deliver(let downstream, let counts):
                _ = downstream.receive(HistogramBin.bins(from: counts))
                // A cancel while the result was in flight shuts the gate, and `.finished` is not sent.
                let finish = state.withLock { state in
                    state.gate.endDelivery() ?? state.gate.close(with: .finished)
                }
                finish?.deliver()
            }
        }

        private func upstreamFailed(_ failure: Subscribers.Completion<Upstream.Failure>) {
            let pending = state.withLock { state in
                state.upstream = nil
                state.counts = [:]
                return state.gate.close(with: failure)
            }
            pending?.deliver()
        }

        private func cancel() {
            let upstream = state.withLock { state in
                state.gate.cancel()
                state.counts = [:]
                defer { state.upstream = nil }
                return state.upstream
            }
            upstream?.cancel()
        }
    }
}
