import CombineFramework
import StyleKit

/// The `classSubscription` style: every operator's inner is a `final class` that is a `Subscriber`
/// upstream and the `Subscription` downstream, owns a `Mutex` around its state and does its own demand
/// bookkeeping (the custom-operator pattern's `MyWithLatestFrom.Subscription`, SimpleCombine's `Conduit`).
public enum ClassSubscriptionOperators: CombineOperatorStyle {
    public static let implementation = ImplementationID.classSubscription
    public static let summary = "final classes: Subscriber upstream, Subscription downstream"
    public static let isThreadSafe = true

    public static let supportedOperators = Set(OperatorID.allCases)

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ transform: @escaping (Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionMap(transform))
    }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionFilter(isIncluded))
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ initialResult: Output,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionScan(initialResult, nextPartialResult))
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ modulo: Int,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionModulus(modulo))
    }

    public static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionHistogram())
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionWithLatestFrom(other, resultSelector))
    }

    public static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ sampler: Sampler,
        into consumer: Consumer
    ) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output,
        Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionSample(sampler))
    }

    public static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.subscriptionSampleWithFrom(other, resultSelector))
    }
}
