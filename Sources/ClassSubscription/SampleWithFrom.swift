import CombineFramework

extension Publisher {
    /// Combines values with values of `other`, each value of `other` at most once (the Producer/Sink
    /// pattern's variant of `withLatestFrom`), through an inner that is a class subscription.
    ///
    /// As ``subscriptionWithLatestFrom(_:_:)``, except that the latest value of `other` is cleared when
    /// it is used: upstream values that find none are dropped and `.max(1)` goes back to the upstream.
    public func subscriptionSampleWithFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> SubscriptionPublishers.SampleWithFrom<Self, Other, Result> where Other.Failure == Failure {
        SubscriptionPublishers.SampleWithFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

// MARK: -

extension SubscriptionPublishers {
    /// A publisher that combines values of `upstream` with values of `other`, using each value of
    /// `other` at most once.
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
            // The inner is shared with `withLatestFrom`, which differs in one rule (Helpers/LatestFromInner).
            let inner = LatestFromInner<Upstream, Other, Downstream>(
                downstream: subscriber,
                consumesLatest: true,
                resultSelector: resultSelector
            )
            inner.connect(subscriber, upstream: upstream, other: other)
        }
    }
}
