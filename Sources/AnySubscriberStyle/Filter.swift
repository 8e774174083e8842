import CombineFramework

extension Publisher {
    /// Republishes the values that satisfy `isIncluded`.
    ///
    /// The upstream receives an `AnySubscriber` built from closures; a dropped value returns `.max(1)`
    /// to the upstream, so the downstream's demand is still met.
    public func closureFilter(
        _ isIncluded: @escaping (Output) -> Bool
    ) -> ClosurePublishers.Filter<Self> {
        ClosurePublishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension ClosurePublishers {
    /// A publisher that republishes the values of its upstream that satisfy a predicate.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher this one filters.
        public let upstream: Upstream
        /// Decides which values are republished.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates a filter of `upstream`; `closureFilter(_:)` is the usual way in.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Self.makeSubscriber(isIncluded, downstream: subscriber))
        }
    }
}

// MARK: -

extension ClosurePublishers.Filter {
    /// The downstream gets the upstream's own subscription; the only demand filter adds is the
    /// replenishment of a dropped value, which travels back as the return value of `receiveValue`.
    private static func makeSubscriber<Downstream: Subscriber>(
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        downstream: Downstream
    ) -> AnySubscriber<Upstream.Output, Failure>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        AnySubscriber(
            receiveSubscription: { subscription in downstream.receive(subscription: subscription) },
            receiveValue: { value in isIncluded(value) ? downstream.receive(value) : .max(1) },
            receiveCompletion: { completion in downstream.receive(completion: completion) }
        )
    }
}
