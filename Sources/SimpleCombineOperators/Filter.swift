import SimpleCombine

extension SimplePublisher {
    /// Republishes the values for which `isIncluded` returns `true`, through a struct bridge subscriber.
    ///
    /// A dropped value returns `.max(1)` to the upstream, so the downstream's demand still counts only
    /// the values it receives.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> SimplePublishers.Filter<Self> {
        SimplePublishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

// MARK: -

extension SimplePublishers {
    /// A publisher that republishes the values of `upstream` that satisfy `isIncluded` (the SimpleCombine
    /// pattern's `Filter`).
    public struct Filter<Upstream: SimplePublisher>: SimplePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Bridge(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

// MARK: -

extension SimplePublishers.Filter {
    private struct Bridge<Downstream: SimpleSubscriber>: SimpleSubscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let isIncluded: (Input) -> Bool
        // A struct subscriber has no address to be identified by.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> SimpleSubscribers.Demand {
            guard isIncluded(input) else {
                // The upstream spent one unit of demand on a value the downstream never saw.
                return .max(1)
            }
            return downstream.receive(input)
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
