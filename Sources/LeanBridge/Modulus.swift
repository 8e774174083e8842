import CombineFramework

extension Publisher where Output == Int {
    /// Publishes `abs(value % modulo)` for every value (the struct-bridge pattern's `ModulusOperator`),
    /// through a struct bridge subscriber.
    ///
    /// - Precondition: `modulo` is not zero.
    public func leanModulus(_ modulo: Int) -> LeanPublishers.Modulus<Self> {
        LeanPublishers.Modulus(upstream: self, modulo: modulo)
    }
}

// MARK: -

extension LeanPublishers {
    /// A publisher that replaces every value of `upstream` by `abs(value % modulo)`.
    public struct Modulus<Upstream: Publisher>: Publisher where Upstream.Output == Int {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let modulo: Int

        public init(upstream: Upstream, modulo: Int) {
            precondition(modulo != 0, "modulus by zero")
            self.upstream = upstream
            self.modulo = modulo
        }

        @inlinable
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // Not `subscribe(_:)`, whose body (a check for a debugging hook, then this call) is not
            // inlinable: through it the upstream's subscription is made in unspecialised code. Called
            // directly, with the bridge inlinable, a pipeline whose types are known where it is built is
            // specialised from the source to the sink (docs/FAST-OPERATORS.md).
            upstream.receive(subscriber: Bridge(downstream: subscriber, modulo: modulo))
        }
    }
}

// MARK: -

extension LeanPublishers.Modulus {
    // The struct-bridge pattern's `ModulusOperatorBridge`: the upstream's demand rules are already right
    // for a one-to-one transform, so the bridge needs no subscription of its own.
    @usableFromInline
    struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Int, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Int

        @usableFromInline let downstream: Downstream
        @usableFromInline let modulo: Int
        // A struct subscriber has no object identity for subjects to key it by.
        @usableFromInline let combineIdentifier: CombineIdentifier

        @usableFromInline
        init(downstream: Downstream, modulo: Int) {
            self.downstream = downstream
            self.modulo = modulo
            combineIdentifier = CombineIdentifier()
        }

        @inlinable
        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        // Inlined into the protocol witness the upstream calls when it runs unspecialised: one jump fewer.
        @inlinable @inline(__always)
        func receive(_ input: Int) -> Subscribers.Demand {
            downstream.receive(abs(input % modulo))
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
