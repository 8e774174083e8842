import CombineFramework

extension Publisher where Output == Int {
    /// Replaces every value with `abs(value % modulo)` (the struct-bridge pattern's `modulus`).
    ///
    /// The upstream receives an `AnySubscriber` built from closures; demand passes through unchanged.
    public func closureModulus(_ modulo: Int) -> ClosurePublishers.Modulus<Self> {
        ClosurePublishers.Modulus(upstream: self, modulo: modulo)
    }
}

extension ClosurePublishers {
    /// A publisher that replaces every value of its upstream with its absolute remainder by `modulo`.
    public struct Modulus<Upstream: Publisher>: Publisher where Upstream.Output == Int {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        /// The publisher of the dividends.
        public let upstream: Upstream
        /// The divisor; never zero.
        public let modulo: Int

        /// Creates a modulus of `upstream`; `closureModulus(_:)` is the usual way in.
        public init(upstream: Upstream, modulo: Int) {
            precondition(modulo != 0, "modulus by zero")
            self.upstream = upstream
            self.modulo = modulo
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Self.makeSubscriber(modulo, downstream: subscriber))
        }
    }
}

// MARK: -

extension ClosurePublishers.Modulus {
    /// As in the struct-bridge pattern, the downstream gets the upstream's own subscription: the operator
    /// is a pure per-value function and adds no demand of its own.
    private static func makeSubscriber<Downstream: Subscriber>(
        _ modulo: Int,
        downstream: Downstream
    ) -> AnySubscriber<Int, Failure>
    where Downstream.Input == Int, Downstream.Failure == Failure {
        AnySubscriber(
            receiveSubscription: { subscription in downstream.receive(subscription: subscription) },
            receiveValue: { value in downstream.receive(abs(value % modulo)) },
            receiveCompletion: { completion in downstream.receive(completion: completion) }
        )
    }
}
