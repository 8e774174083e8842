import CombineFramework

extension Publisher {
    /// Republishes the values for which `isIncluded` returns `true`, through a struct bridge subscriber.
    ///
    /// A dropped value returns `.max(1)` to the upstream, so the downstream's demand still counts
    /// only the values it receives.
    public func leanFilter(
        _ isIncluded: @escaping (Output) -> Bool
    ) -> LeanPublishers.Filter<Self> {
        LeanPublishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

// MARK: -

extension LeanPublishers {
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

        @inlinable
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // Not `subscribe(_:)`, whose body (a check for a debugging hook, then this call) is not
            // inlinable: through it the upstream's subscription is made in unspecialised code. Called
            // directly, with the bridge inlinable, a pipeline whose types are known where it is built is
            // specialised from the source to the sink (docs/FAST-OPERATORS.md).
            upstream.receive(subscriber: Bridge(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

// MARK: -

extension LeanPublishers.Filter {
    @usableFromInline
    struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output

        @usableFromInline let downstream: Downstream
        @usableFromInline let isIncluded: (Input) -> Bool
        // A struct subscriber has no object identity for subjects to key it by.
        @usableFromInline let combineIdentifier: CombineIdentifier

        @usableFromInline
        init(downstream: Downstream, isIncluded: @escaping (Input) -> Bool) {
            self.downstream = downstream
            self.isIncluded = isIncluded
            combineIdentifier = CombineIdentifier()
        }

        @inlinable
        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        // Inlined into the protocol witness the upstream calls when it runs unspecialised: one jump fewer.
        @inlinable @inline(__always)
        func receive(_ input: Input) -> Subscribers.Demand {
            guard isIncluded(input) else {
                // The upstream spent one unit of demand on a value the downstream never saw.
                return .max(1)
            }
            return downstream.receive(input)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
