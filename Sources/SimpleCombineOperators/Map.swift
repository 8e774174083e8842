import SimpleCombine

extension SimplePublisher {
    /// Transforms every value with `transform`, through a struct bridge subscriber.
    ///
    /// Demand, completion and cancellation pass straight through: the downstream talks to the
    /// upstream's own subscription.
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> SimplePublishers.Map<Self, Result> {
        SimplePublishers.Map(upstream: self, transform: transform)
    }
}

// MARK: -

extension SimplePublishers {
    /// A publisher that transforms every value of `upstream` with `transform`.
    public struct Map<Upstream: SimplePublisher, Output>: SimplePublisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Bridge(downstream: subscriber, transform: transform))
        }
    }
}

// MARK: -

extension SimplePublishers.Map {
    private struct Bridge<Downstream: SimpleSubscriber>: SimpleSubscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let transform: (Input) -> Output
        // A struct subscriber has no address to be identified by.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> SimpleSubscribers.Demand {
            downstream.receive(transform(input))
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
