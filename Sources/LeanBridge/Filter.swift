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

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Bridge(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

// MARK: -

extension LeanPublishers.Filter {
    private struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let isIncluded: (Input) -> Bool
        // A struct subscriber has no object identity for subjects to key it by.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        @inline(__always)
        func receive(_ input: Input) -> Subscribers.Demand {
            guard isIncluded(input) else {
                // The upstream spent one unit of demand on a value the downstream never saw.
                return .max(1)
            }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
