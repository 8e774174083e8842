import SimpleCombine

extension SimplePublisher where Output == Int {
    /// Publishes `abs(value % modulo)` for every value (the struct-bridge pattern's `ModulusOperator`),
    /// through a struct bridge subscriber.
    ///
    /// - Precondition: `modulo` is not zero.
    public func modulus(_ modulo: Int) -> SimplePublishers.Modulus<Self> {
        SimplePublishers.Modulus(upstream: self, modulo: modulo)
    }
}

// MARK: -

extension SimplePublishers {
    /// A publisher that replaces every value of `upstream` by `abs(value % modulo)`.
    public struct Modulus<Upstream: SimplePublisher>: SimplePublisher where Upstream.Output == Int {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let modulo: Int

        public init(upstream: Upstream, modulo: Int) {
            precondition(modulo != 0, "modulus by zero")
            self.upstream = upstream
            self.modulo = modulo
        }

        public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Bridge(downstream: subscriber, modulo: modulo))
        }
    }
}

// MARK: -

extension SimplePublishers.Modulus {
    // The struct-bridge pattern's `ModulusOperatorBridge`: a one-to-one transform keeps the upstream's
    // demand rules, so the bridge needs no subscription of its own.
    private struct Bridge<Downstream: SimpleSubscriber>: SimpleSubscriber
    where Downstream.Input == Int, Downstream.Failure == Failure {
        typealias Input = Int

        let downstream: Downstream
        let modulo: Int
        // A struct subscriber has no address to be identified by.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Int) -> SimpleSubscribers.Demand {
            downstream.receive(abs(input % modulo))
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
