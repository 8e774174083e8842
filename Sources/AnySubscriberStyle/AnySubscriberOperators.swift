import CombineFramework
import StyleKit

/// The `anySubscriber` style: operators assembled from closures through type-erased
/// `AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:)`, as the custom-operator and
/// custom-subject patterns build theirs (docs/ORIGINS.md).
///
/// Every operator is a ``ClosurePublishers`` struct; this enum hands each one to the consumer with its
/// full static type.
public enum AnySubscriberOperators: CombineOperatorStyle {
    public static let implementation = ImplementationID.anySubscriber
    public static let summary = "operators assembled from closures through AnySubscriber"
    public static let isThreadSafe = true
    public static let supportedOperators = Set(OperatorID.allCases)

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ transform: @escaping (Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureMap(transform))
    }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureFilter(isIncluded))
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ initialResult: Output,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureScan(initialResult, nextPartialResult))
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ modulo: Int,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureModulus(modulo))
    }

    public static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureHistogram())
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureWithLatestFrom(other, resultSelector))
    }

    public static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ sampler: Sampler,
        into consumer: Consumer
    ) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output,
        Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureSample(sampler))
    }

    public static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.closureSampleWithFrom(other, resultSelector))
    }
}
