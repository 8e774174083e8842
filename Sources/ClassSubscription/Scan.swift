import CombineFramework
import Synchronization

extension Publisher {
    /// Emits every partial result of folding the values into `initialResult` with `nextPartialResult`,
    /// through an inner that is a class subscription.
    ///
    /// Demand, completion and cancel pass through as for ``subscriptionMap(_:)``.
    public func subscriptionScan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> SubscriptionPublishers.Scan<Self, Result> {
        SubscriptionPublishers.Scan(
            upstream: self,
            initialResult: initialResult,
            nextPartialResult: nextPartialResult
        )
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that emits each partial result of folding the values of `upstream`.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(
                Inner(downstream: subscriber, initialResult: initialResult, nextPartialResult: nextPartialResult)
            )
        }
    }
}

// MARK: -

extension SubscriptionPublishers.Scan {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let status = Mutex(UpstreamStatus())
        /// Guarded by `status`; `nil` once the operator has ended.
        @exclusivity(unchecked) private var downstream: DownstreamRef<Downstream>?
        private let nextPartialResult: (Output, Input) -> Output
        // Only `receive(_:)` touches it and the upstream's calls are serial: it needs neither the lock
        // nor the runtime exclusivity check.
        @exclusivity(unchecked) private var accumulator: Output

        init(
            downstream: Downstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Input) -> Output
        ) {
            self.downstream = DownstreamRef(downstream)
            accumulator = initialResult
            self.nextPartialResult = nextPartialResult
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
            accumulator = nextPartialResult(accumulator, input)
            return downstream.receive(accumulator)
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
