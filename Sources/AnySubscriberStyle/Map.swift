import CombineFramework

extension Publisher {
    /// Transforms every value with `transform`.
    ///
    /// The upstream receives an `AnySubscriber` built from closures; demand passes through unchanged.
    public func closureMap<Result>(
        _ transform: @escaping (Output) -> Result
    ) -> ClosurePublishers.Map<Self, Result> {
        ClosurePublishers.Map(upstream: self, transform: transform)
    }
}

extension ClosurePublishers {
    /// A publisher that transforms every value of its upstream.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher this one transforms.
        public let upstream: Upstream
        /// Applied to every value.
        public let transform: (Upstream.Output) -> Output

        /// Creates a map of `upstream`; `closureMap(_:)` is the usual way in.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Self.makeSubscriber(transform, downstream: subscriber))
        }
    }
}

// MARK: -

extension ClosurePublishers.Map {
    /// The downstream gets the upstream's own subscription: map changes no demand, so a subscription of
    /// its own would have nothing to do. The upstream owns the closures and releases them when it ends.
    private static func makeSubscriber<Downstream: Subscriber>(
        _ transform: @escaping (Upstream.Output) -> Output,
        downstream: Downstream
    ) -> AnySubscriber<Upstream.Output, Failure>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        AnySubscriber(
            receiveSubscription: { subscription in downstream.receive(subscription: subscription) },
            receiveValue: { value in downstream.receive(transform(value)) },
            receiveCompletion: { completion in downstream.receive(completion: completion) }
        )
    }
}
