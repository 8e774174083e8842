import CombineFramework

extension Publisher {
    /// Combines a value with the latest value of `other`, using each value of `other` at most once (the
    /// Producer/Sink pattern's `sampleWithFrom`); values that find no unused value of `other` are dropped.
    ///
    /// Subscription order, demand and termination are those of ``closureWithLatestFrom(_:_:)``.
    public func closureSampleWithFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> ClosurePublishers.SampleWithFrom<Self, Other, Result> where Other.Failure == Failure {
        ClosurePublishers.SampleWithFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

extension ClosurePublishers {
    /// A publisher that combines values of its upstream with values of another publisher, each value of
    /// the other publisher at most once.
    public struct SampleWithFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
    where Other.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        /// The primary input: each of its values may produce one output.
        public let upstream: Upstream
        /// The input whose values are combined, each at most once.
        public let other: Other
        /// Combines a primary value with an unused value of `other`.
        public let resultSelector: (Upstream.Output, Other.Output) -> Output

        /// Creates the operator; `closureSampleWithFrom(_:_:)` is the usual way in.
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

extension ClosurePublishers.SampleWithFrom {
    /// Wired exactly as `withLatestFrom` (downstream first, then `other`, then the upstream); the shared
    /// `LatestFromCore` clears the latest value of `other` when a combination uses it.
    private func connect<Downstream: Subscriber>(_ downstream: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let core = LatestFromCore<Upstream.Output, Other.Output, Downstream>(downstream, consumesLatest: true)
        downstream.receive(subscription: core.makeSubscription())
        other.subscribe(core.makeOtherSubscriber())
        upstream.subscribe(core.makeUpstreamSubscriber(resultSelector))
    }
}
