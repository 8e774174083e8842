import CombineFramework

extension Publisher {
    /// Publishes every partial result of folding the values with `nextPartialResult`, starting from
    /// `initialResult`, through a struct bridge subscriber.
    public func bridgeScan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> BridgePublishers.Scan<Self, Result> {
        BridgePublishers.Scan(
            upstream: self,
            initialResult: initialResult,
            nextPartialResult: nextPartialResult
        )
    }
}

// MARK: -

extension BridgePublishers {
    /// A publisher that folds the values of `upstream` and republishes each partial result.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let bridge = Bridge(
                downstream: subscriber,
                nextPartialResult: nextPartialResult,
                accumulator: Accumulator(initialResult)
            )
            upstream.subscribe(bridge)
        }
    }
}

// MARK: -

extension BridgePublishers.Scan {
    private struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let nextPartialResult: (Output, Input) -> Output
        let accumulator: Accumulator
        // A struct subscriber has no object identity for subjects to key it by.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let result = nextPartialResult(accumulator.value, input)
            accumulator.value = result
            return downstream.receive(result)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    // A struct subscriber is copied (the upstream keeps its own copy) and `receive(_:)` is not
    // mutating, so the running result has to live in a box. No lock: the upstream delivers values
    // one at a time (the Subscriber contract), which is also all OpenCombine's `Scan` relies on.
    private final class Accumulator {
        // Only `receive(_:)` touches it, one value at a time, so the runtime exclusivity check on
        // a class property (two per element, ~180 instructions, measured) guards nothing here.
        @exclusivity(unchecked) var value: Output

        init(_ value: Output) {
            self.value = value
        }
    }
}
