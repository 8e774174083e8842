import CombineFramework
import StyleKit
import Synchronization

extension Publisher where Output == Int {
    /// Counts every value and, once the upstream finishes, emits the bins sorted by key (the composition
    /// pattern's histogram), through an inner that is a class subscription.
    ///
    /// The downstream's first request asks the upstream for `.unlimited`, as `reduce` does; the bins
    /// (`[]` for an empty upstream) go out only once the downstream has asked for a value, followed by
    /// `.finished`. A failure passes through without bins; cancel reaches the upstream.
    public func subscriptionHistogram() -> SubscriptionPublishers.Histogram<Self> {
        SubscriptionPublishers.Histogram(upstream: self)
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that emits the histogram of the values of `upstream` when it finishes.
    public struct Histogram<Upstream: Publisher>: Publisher where Upstream.Output == Int {
        public typealias Output = [HistogramBin]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == [HistogramBin], Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

// MARK: -

extension SubscriptionPublishers.Histogram {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == [HistogramBin], Downstream.Failure == Failure {
        typealias Input = Int

        private let state = Mutex(HistogramState())
        /// Guarded by `state`; `nil` once the operator has ended.
        @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?

        init(downstream: Downstream) {
            self.downstream = DownstreamRef(downstream)
        }

        func receive(subscription: Subscription) {
            var downstream: DownstreamRef<Downstream>?
            state.withLock { state in
                if state.attach(subscription) {
                    downstream = self.downstream
                }
            }
            guard let downstream else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            state.withLock { $0.count(input) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let failed: Bool
            if case .failure = completion { failed = true } else { failed = false }
            var downstream: DownstreamRef<Downstream>?
            let (step, _) = state.withLock { state in
                let transition = state.upstreamCompleted(failed: failed)
                if transition.step.endsOperator {
                    downstream = self.downstream.take()
                }
                return transition
            }
            perform(step, on: downstream, completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > .none else { return }
            var downstream: DownstreamRef<Downstream>?
            let step = state.withLock { state in
                let step = state.downstreamRequested()
                if step.endsOperator {
                    downstream = self.downstream.take()
                }
                return step
            }
            perform(step, on: downstream, completion: .finished)
        }

        func cancel() {
            var downstream: DownstreamRef<Downstream>?
            let (upstream, _) = state.withLock { state in
                downstream = self.downstream.take()
                return state.cancel()
            }
            upstream?.cancel()
            _ = downstream  // Let go of here, after unlocking.
        }

        /// Carries out what a transition asked for, after unlocking. `completion` is the upstream's,
        /// for a failure.
        private func perform(
            _ step: HistogramState.Step,
            on downstream: DownstreamRef<Downstream>?,
            completion: Subscribers.Completion<Failure>
        ) {
            switch step {
            case .none:
                break
            case let .requestUnlimited(subscription):
                subscription.request(.unlimited)
            case let .deliver(counts):
                guard let downstream else { return }
                _ = downstream.receive(HistogramBin.bins(from: counts))
                // The downstream may cancel from inside receive(_:); nothing reaches it after that.
                guard !state.withLock({ $0.isCancelled }) else { return }
                downstream.receive(completion: .finished)
            case .fail:
                downstream?.receive(completion: completion)
            }
        }
    }
}
