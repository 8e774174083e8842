import CombineFramework
import Synchronization

extension Publisher {
    /// Republishes the values that satisfy `isIncluded`, through an inner that is a class subscription.
    ///
    /// A dropped value returns `.max(1)` to the upstream, so the downstream's demand is still met
    /// (replenishment). Completion passes through; cancel reaches the upstream.
    public func subscriptionFilter(
        _ isIncluded: @escaping (Output) -> Bool
    ) -> SubscriptionPublishers.Filter<Self> {
        SubscriptionPublishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that republishes the values of `upstream` that satisfy `isIncluded`.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

// MARK: -

extension SubscriptionPublishers.Filter {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let status = Mutex(UpstreamStatus())
        /// Guarded by `status`; `nil` once the operator has ended.
        @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?
        private let isIncluded: (Input) -> Bool

        init(downstream: Downstream, isIncluded: @escaping (Input) -> Bool) {
            self.downstream = DownstreamRef(downstream)
            self.isIncluded = isIncluded
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
            // The upstream spent one unit of the downstream's demand on a value nobody will see.
            guard isIncluded(input) else { return .max(1) }
            return downstream.receive(input)
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
