import CombineFramework

extension Publisher {
    /// Publishes every partial result of folding the values with `nextPartialResult`, starting from
    /// `initialResult`, through a struct bridge subscriber.
    public func leanScan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> LeanPublishers.Scan<Self, Result> {
        LeanPublishers.Scan(
            upstream: self,
            initialResult: initialResult,
            nextPartialResult: nextPartialResult
        )
    }
}

// MARK: -

extension LeanPublishers {
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
            let accumulator = Accumulator(initialResult)
            let bridge = Bridge(
                downstream: subscriber,
                nextPartialResult: nextPartialResult,
                running: accumulator.value,
                accumulator: accumulator
            )
            upstream.subscribe(bridge)
        }
    }
}

// MARK: -

extension LeanPublishers.Scan {
    private struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        let downstream: Downstream
        let nextPartialResult: (Output, Input) -> Output
        /// `accumulator.value`, read without going through the box.
        let running: UnsafeMutablePointer<Output>
        /// Owns `running`: alive as long as any copy of the bridge.
        let accumulator: Accumulator
        // A struct subscriber has no object identity for subjects to key it by.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        @inline(__always)
        func receive(_ input: Input) -> Subscribers.Demand {
            let result = nextPartialResult(running.pointee, input)
            running.pointee = result
            return downstream.receive(result)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    // A struct subscriber is copied (the upstream keeps its own copy) and `receive(_:)` is not
    // mutating, so the running result has to live out of line. No lock: the upstream delivers values
    // one at a time (the Subscriber contract), which is also all OpenCombine's `Scan` relies on.
    private final class Accumulator {
        /// Allocated once; a class's stored property of a generic type is found through its class's
        /// metadata on every access, and copied out before it is passed on, where a pointer's pointee is
        /// lent in place.
        let value: UnsafeMutablePointer<Output>

        init(_ initialResult: Output) {
            value = .allocate(capacity: 1)
            value.initialize(to: initialResult)
        }

        deinit {
            value.deinitialize(count: 1)
            value.deallocate()
        }
    }
}
