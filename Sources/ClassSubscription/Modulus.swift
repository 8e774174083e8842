import CombineFramework
import Synchronization

extension Publisher where Output == Int {
    /// Emits `abs(value % modulo)` for every value (the struct-bridge pattern's `ModulusOperator`), through
    /// an inner that is a class subscription.
    ///
    /// Demand, completion and cancel pass through as for ``subscriptionMap(_:)``.
    /// - Precondition: `modulo` is not zero.
    public func subscriptionModulus(_ modulo: Int) -> SubscriptionPublishers.Modulus<Self> {
        SubscriptionPublishers.Modulus(upstream: self, modulo: modulo)
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that emits `abs(value % modulo)` for every value of `upstream`.
    public struct Modulus<Upstream: Publisher>: Publisher where Upstream.Output == Int {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let modulo: Int

        public init(upstream: Upstream, modulo: Int) {
            precondition(modulo != 0, "modulus by zero")
            self.upstream = upstream
            self.modulo = modulo
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Int, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, modulo: modulo))
        }
    }
}

// MARK: -

extension SubscriptionPublishers.Modulus {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Int, Downstream.Failure == Failure {
        typealias Input = Int

        private let status = Mutex(UpstreamStatus())
        /// Guarded by `status`; `nil` once the operator has ended.
        @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?
        private let modulo: Int

        init(downstream: Downstream, modulo: Int) {
            self.downstream = DownstreamRef(downstream)
            self.modulo = modulo
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

        func receive(_ input: Int) -> Subscribers.Demand {
            guard let downstream = activeDownstream() else { return .none }
            return downstream.receive(abs(input % modulo))
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
