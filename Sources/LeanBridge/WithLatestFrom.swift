import CombineFramework

extension Publisher {
    /// Combines every value with the latest value of `other`, if there is one (the custom-operator and
    /// Producer/Sink patterns).
    ///
    /// `other` is subscribed to first and asked for `.unlimited`. Downstream demand that arrives
    /// before `other` has produced a value is held and sent to the upstream in one request once it
    /// has; an upstream value that finds no latest value is dropped and `.max(1)` goes back to the
    /// upstream. `other` finishing changes nothing; either input failing, or the upstream finishing,
    /// ends the downstream and cancels the other input.
    public func leanWithLatestFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> LeanPublishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
        LeanPublishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

// MARK: -

extension LeanPublishers {
    /// A publisher that combines each value of `upstream` with the latest value of `other`.
    public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
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
            // Two inputs share one demand and one terminal state: the struct bridges of both meet in
            // a locked box, which is also the downstream's subscription (Helpers/LatestFromCombiner).
            let combiner = LatestFromCombiner<Upstream.Output, Other.Output, Downstream>(
                downstream: subscriber,
                consumesLatest: false,
                resultSelector: resultSelector
            )
            combiner.connect(subscriber, upstream: upstream, other: other)
        }
    }
}
