import SimpleCombine

extension SimplePublisher {
    /// Publishes every partial result of folding the values with `nextPartialResult`, starting from
    /// `initialResult`, through a struct bridge subscriber.
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> SimplePublishers.Scan<Self, Result> {
        SimplePublishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

// MARK: -

extension SimplePublishers {
    /// A publisher that folds the values of `upstream` and republishes each partial result.
    public struct Scan<Upstream: SimplePublisher, Output>: SimplePublisher {
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

        public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
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

extension SimplePublishers.Scan {
    private struct Bridge<Downstream: SimpleSubscriber>: SimpleSubscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let nextPartialResult: (Output, Input) -> Output
        let accumulator: Accumulator
        // A struct subscriber has no address to be identified by.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> SimpleSubscribers.Demand {
            let result = nextPartialResult(accumulator.value, input)
            accumulator.value = result
            return downstream.receive(result)
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    // The bridge is a struct that the upstream copies, and `receive(_:)` is not mutating: the running
    // result lives in a box. No lock: the upstream delivers one value at a time (the Subscriber
    // contract), which is all Combine's own `Scan` relies on too.
    private final class Accumulator {
        // Touched only by `receive(_:)`, one value at a time: the runtime exclusivity check on a class
        // property would guard nothing here.
        @exclusivity(unchecked) var value: Output

        init(_ value: Output) {
            self.value = value
        }
    }
}
