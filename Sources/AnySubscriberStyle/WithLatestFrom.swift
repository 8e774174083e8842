import CombineFramework

extension Publisher {
    /// Combines every value with the latest value of `other`; values that arrive before `other` has
    /// produced anything are dropped (the custom-operator and Producer/Sink patterns).
    ///
    /// `other` is subscribed first and asked for `.unlimited`. Downstream demand is held until `other`
    /// has produced a value, then goes to this publisher. Either input failing, or this publisher
    /// finishing, ends the downstream and cancels the other input; `other` finishing changes nothing.
    public func closureWithLatestFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> ClosurePublishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
        ClosurePublishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

extension ClosurePublishers {
    /// A publisher that combines each value of its upstream with the latest value of another publisher.
    public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
    where Other.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        /// The primary input: each of its values may produce one output.
        public let upstream: Upstream
        /// The input whose latest value is combined.
        public let other: Other
        /// Combines a primary value with the latest value of `other`.
        public let resultSelector: (Upstream.Output, Other.Output) -> Output

        /// Creates the operator; `closureWithLatestFrom(_:_:)` is the usual way in.
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
            connect(subscriber)
        }
    }
}

// MARK: -

extension ClosurePublishers.WithLatestFrom {
    /// The downstream gets its subscription before either input is subscribed, so nothing an input sends
    /// while being subscribed can reach it first; then `other`, then the upstream (RxSwift's
    /// `WithLatestFromSink.run` order). The closures live in the shared `LatestFromCore`.
    private func connect<Downstream: Subscriber>(_ downstream: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let core = LatestFromCore<Upstream.Output, Other.Output, Downstream>(downstream, consumesLatest: false)
        downstream.receive(subscription: core.makeSubscription())
        other.subscribe(core.makeOtherSubscriber())
        upstream.subscribe(core.makeUpstreamSubscriber(resultSelector))
    }
}
