import CombineFramework

extension Publisher {
    /// Publishes the latest value of this publisher, at most once, each time `sampler` emits
    /// (RxSwift's `sample`, the Producer/Sink pattern).
    ///
    /// This publisher is subscribed to first and asked for `.unlimited`; downstream demand goes to
    /// `sampler`. A sampler value that finds nothing new returns `.max(1)` to the sampler. Once this
    /// publisher has finished, the next sampler value (or the sampler finishing) finishes the
    /// downstream; either input failing fails the downstream and cancels the other.
    public func leanSample<Sampler: Publisher>(
        _ sampler: Sampler
    ) -> LeanPublishers.Sample<Self, Sampler> where Sampler.Failure == Failure {
        LeanPublishers.Sample(upstream: self, sampler: sampler)
    }
}

// MARK: -

extension LeanPublishers {
    /// A publisher that emits the newest unsampled value of `upstream` whenever `sampler` emits.
    public struct Sample<Upstream: Publisher, Sampler: Publisher>: Publisher
    where Sampler.Failure == Upstream.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let sampler: Sampler

        public init(upstream: Upstream, sampler: Sampler) {
            self.upstream = upstream
            self.sampler = sampler
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // Two inputs share one demand and one terminal state: the struct bridges of both meet in
            // a locked box, which is also the downstream's subscription (Helpers/SampleCombiner).
            let combiner = SampleCombiner<Upstream.Output, Sampler.Output, Downstream>(downstream: subscriber)
            combiner.connect(subscriber, upstream: upstream, sampler: sampler)
        }
    }
}
