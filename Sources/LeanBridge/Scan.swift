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

        @inlinable
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let accumulator = Accumulator(initialResult)
            let bridge = Bridge(
                downstream: subscriber,
                nextPartialResult: nextPartialResult,
                running: accumulator.value,
                accumulator: accumulator
            )
            // Not `subscribe(_:)`, whose body (a check for a debugging hook, then this call) is not
            // inlinable: through it the upstream's subscription is made in unspecialised code. Called
            // directly, with the bridge inlinable, a pipeline whose types are known where it is built is
            // specialised from the source to the sink (docs/FAST-OPERATORS.md).
            upstream.receive(subscriber: bridge)
        }
    }
}

// MARK: -

extension LeanPublishers.Scan {
    @usableFromInline
    struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output

        @usableFromInline let downstream: Downstream
        @usableFromInline let nextPartialResult: (Output, Input) -> Output
        /// `accumulator.value`, read without going through the box.
        @usableFromInline let running: UnsafeMutablePointer<Output>
        /// Owns `running`: alive as long as any copy of the bridge.
        @usableFromInline let accumulator: Accumulator
        // A struct subscriber has no object identity for subjects to key it by.
        @usableFromInline let combineIdentifier: CombineIdentifier

        @usableFromInline
        init(
            downstream: Downstream,
            nextPartialResult: @escaping (Output, Input) -> Output,
            running: UnsafeMutablePointer<Output>,
            accumulator: Accumulator
        ) {
            self.downstream = downstream
            self.nextPartialResult = nextPartialResult
            self.running = running
            self.accumulator = accumulator
            combineIdentifier = CombineIdentifier()
        }

        @inlinable
        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        // Inlined into the protocol witness the upstream calls when it runs unspecialised: one jump fewer.
        @inlinable @inline(__always)
        func receive(_ input: Input) -> Subscribers.Demand {
            let result = nextPartialResult(running.pointee, input)
            running.pointee = result
            return downstream.receive(result)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    // A struct subscriber is copied (the upstream keeps its own copy) and `receive(_:)` is not
    // mutating, so the running result has to live out of line. No lock: the upstream delivers values
    // one at a time (the Subscriber contract), which is also all OpenCombine's `Scan` relies on.
    @usableFromInline
    final class Accumulator {
        /// Allocated once: a class's stored property of a generic type is found through its class's
        /// metadata on every access, where the bridge keeps this pointer itself.
        @usableFromInline let value: UnsafeMutablePointer<Output>

        @usableFromInline
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
