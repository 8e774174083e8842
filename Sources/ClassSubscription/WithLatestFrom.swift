import CombineFramework

extension Publisher {
    /// Combines every value with the latest value of `other`, if there is one (the custom-operator
    /// and Producer/Sink patterns), through an inner that is a class subscription.
    ///
    /// `other` is subscribed to first and asked for `.unlimited`. Downstream demand that arrives before
    /// `other` has produced a value is held, and sent to the upstream in one request once it has; later
    /// demand goes straight to the upstream. An upstream value that finds no latest value is dropped and
    /// `.max(1)` goes back to the upstream. `other` finishing changes nothing; `other` failing fails the
    /// downstream and cancels the upstream; the upstream ending ends the downstream and cancels `other`.
    public func subscriptionWithLatestFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> SubscriptionPublishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
        SubscriptionPublishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

// MARK: -

extension SubscriptionPublishers {
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
            // The inner is shared with `sampleWithFrom`, which differs in one rule (Helpers/LatestFromInner).
            let inner = LatestFromInner<Upstream, Other, Downstream>(
                downstream: subscriber,
                consumesLatest: false,
                resultSelector: resultSelector
            )
            inner.connect(subscriber, upstream: upstream, other: other)
        }
    }
}
