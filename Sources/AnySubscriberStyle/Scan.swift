import CombineFramework
import Synchronization

extension Publisher {
    /// Republishes every partial result of folding the values into `initialResult`.
    ///
    /// The upstream receives an `AnySubscriber` built from closures that share the running result;
    /// demand passes through unchanged.
    public func closureScan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> ClosurePublishers.Scan<Self, Result> {
        ClosurePublishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension ClosurePublishers {
    /// A publisher that republishes each partial result of a fold over its upstream.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher this one folds.
        public let upstream: Upstream
        /// Where every subscription's fold starts.
        public let initialResult: Output
        /// Folds one more value into the running result.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a scan of `upstream`; `closureScan(_:_:)` is the usual way in.
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
            // One accumulator per subscription, so every subscriber starts from `initialResult`.
            let accumulator = Accumulator(initialResult)
            upstream.subscribe(Self.makeSubscriber(accumulator, nextPartialResult, downstream: subscriber))
        }
    }
}

// MARK: -

extension ClosurePublishers.Scan {
    /// The downstream gets the upstream's own subscription: scan emits one result per value, so demand
    /// needs no translation. Only the running result is shared, in `accumulator`.
    private static func makeSubscriber<Downstream: Subscriber>(
        _ accumulator: Accumulator,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        downstream: Downstream
    ) -> AnySubscriber<Upstream.Output, Failure>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        AnySubscriber(
            receiveSubscription: { subscription in downstream.receive(subscription: subscription) },
            receiveValue: { value in downstream.receive(accumulator.fold(value, nextPartialResult)) },
            receiveCompletion: { completion in downstream.receive(completion: completion) }
        )
    }

    /// The running result. Upstream calls are serial but may come from different threads, so the result
    /// lives behind a lock; the fold itself is the state change, the downstream is called after unlock.
    private final class Accumulator {
        private let result: Mutex<Output>

        init(_ initialResult: Output) {
            result = Mutex(initialResult)
        }

        func fold(_ value: Upstream.Output, _ nextPartialResult: (Output, Upstream.Output) -> Output) -> Output {
            result.withLock { result in
                result = nextPartialResult(result, value)
                return result
            }
        }
    }
}
