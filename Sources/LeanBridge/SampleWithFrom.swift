import CombineFramework

extension Publisher {
    /// Combines every value with the latest value of `other` that has not been used yet (the
    /// Producer/Sink pattern's variant of `withLatestFrom`): each value of `other` is combined at most once.
    ///
    /// Subscription order, demand, completion and cancellation are those of
    /// ``leanWithLatestFrom(_:_:)``; an upstream value that finds no unused value of `other` is
    /// dropped and `.max(1)` goes back to the upstream.
    public func leanSampleWithFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> LeanPublishers.SampleWithFrom<Self, Other, Result> where Other.Failure == Failure {
        LeanPublishers.SampleWithFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

// MARK: -

extension LeanPublishers {
    /// A publisher that combines each value of `upstream` with the newest unused value of `other`.
    public struct SampleWithFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
    where Other.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other: Other
        public let resultSelector: (Upstream.Output, Other.Output) -> Output

        public init(
            upstream: Upstream,
            other: Other,
            resultSelector: @escaping (Upstream.Output, Other.Output) -> Output
        ) {
            self.upstream = upstream
            self.other = other
            self.resultSelector = resultSelector
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // The same locked box as withLatestFrom, told to clear `latest` when it is used.
            let combiner = LatestFromCombiner<Upstream.Output, Other.Output, Downstream>(
                downstream: subscriber,
                consumesLatest: true,
                resultSelector: resultSelector
            )
            combiner.connect(subscriber, upstream: upstream, other: other)
        }
    }
}
