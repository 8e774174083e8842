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

        @inlinable
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // Not `subscribe(_:)`, whose body (a check for a debugging hook, then this call) is not
            // inlinable: through it the upstream's subscription is made in unspecialised code. Called
            // directly, with the bridge inlinable, a pipeline whose types are known where it is built is
            // specialised from the source to the sink (docs/FAST-OPERATORS.md).
            upstream.receive(subscriber: Bridge(downstream: subscriber, transform: transform))
        }
    }
}

// MARK: -

extension LeanPublishers.Map {
    @usableFromInline
    struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output

        @usableFromInline let downstream: Downstream
        @usableFromInline let transform: (Input) -> Output
        // A struct subscriber has no object identity for subjects to key it by.
        @usableFromInline let combineIdentifier: CombineIdentifier

        @usableFromInline
        init(downstream: Downstream, transform: @escaping (Input) -> Output) {
            self.downstream = downstream
            self.transform = transform
            combineIdentifier = CombineIdentifier()
        }

        @inlinable
        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        // Inlined into the protocol witness the upstream calls when it runs unspecialised: one jump fewer.
        @inlinable @inline(__always)
        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(transform(input))
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
