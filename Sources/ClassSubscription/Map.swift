import CombineFramework
import Synchronization

extension Publisher {
    /// Transforms every value with `transform`, through an inner that is a class subscription.
    ///
    /// Downstream demand goes to the upstream unchanged; completion passes through; cancel reaches
    /// the upstream. Nothing is delivered once the downstream has cancelled.
    public func subscriptionMap<Result>(
        _ transform: @escaping (Output) -> Result
    ) -> SubscriptionPublishers.Map<Self, Result> {
        SubscriptionPublishers.Map(upstream: self, transform: transform)
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that transforms every value of `upstream` with `transform`.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }
}

// MARK: -

extension SubscriptionPublishers.Map {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let status = Mutex(UpstreamStatus())
        /// Guarded by `status`; `nil` once the operator has ended.
        @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?
        private let transform: (Input) -> Output

        init(downstream: Downstream, transform: @escaping (Input) -> Output) {
            self.downstream = DownstreamRef(downstream)
            self.transform = transform
        }

        func receive(subscription: Subscription) {
            var downstream: DownstreamRef<Downstream>?
            status.withLock { status in
                if status.attach(subscription) {
                    downstream = self.downstream
                }
            }
            guard let downstream else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard let downstream = activeDownstream() else { return .none }
            return downstream.receive(transform(input))
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let ended = end()
            guard ended.wasSubscribed, let downstream = ended.downstream else { return }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            status.withLock { $0.subscription }?.request(demand)
        }

        func cancel() {
            end().subscription?.cancel()
        }

        /// The downstream while values may still reach it. Checked under the lock for every value, so
        /// nothing starts on its way downstream after a cancel or a terminal event.
        private func activeDownstream() -> DownstreamRef<Downstream>? {
            var downstream: DownstreamRef<Downstream>?
            status.withLock { status in
                if status.isSubscribed {
                    downstream = self.downstream
                }
            }
            return downstream
        }

        /// Ends the operator. Returns whether it was subscribed, and what it let go of, to be used and
        /// released after unlocking.
        private func end()
            -> (wasSubscribed: Bool, subscription: Subscription?, downstream: DownstreamRef<Downstream>?)
        {
            var downstream: DownstreamRef<Downstream>?
            let (wasSubscribed, subscription) = status.withLock { status in
                downstream = self.downstream.take()
                return status.terminate()
            }
            return (wasSubscribed, subscription, downstream)
        }
    }
}
