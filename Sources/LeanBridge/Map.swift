import CombineFramework

extension Publisher {
    /// Transforms every value with `transform` through a struct bridge subscriber.
    ///
    /// Demand, completion and cancellation pass straight through: the downstream talks to the
    /// upstream's own subscription.
    public func leanMap<Result>(
        _ transform: @escaping (Output) -> Result
    ) -> LeanPublishers.Map<Self, Result> {
        LeanPublishers.Map(upstream: self, transform: transform)
    }
}

// MARK: -

extension LeanPublishers {
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
            upstream.subscribe(Bridge(downstream: subscriber, transform: transform))
        }
    }
}

// MARK: -

extension LeanPublishers.Map {
    private struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let transform: (Input) -> Output
        // A struct subscriber has no object identity for subjects to key it by.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        @inline(__always)
        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(transform(input))
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
