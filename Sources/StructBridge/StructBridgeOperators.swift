import CombineFramework
import StyleKit

/// The `structBridge` style: struct subscribers that wrap the downstream and pass the upstream's
/// subscription straight through (the struct-bridge pattern's `ModulusOperatorBridge`, the custom-operator
/// pattern's `MyMap`; docs/ORIGINS.md), with state, where an operator needs it, in the smallest box that is
/// correct.
public enum StructBridgeOperators: CombineOperatorStyle {
    public static let implementation = ImplementationID.structBridge
    public static let summary = "struct Subscribers that pass the upstream Subscription through"
    public static let isThreadSafe = true

    public static let supportedOperators = Set(OperatorID.allCases)

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ transform: @escaping (Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeMap(transform))
    }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeFilter(isIncluded))
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ initialResult: Output,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeScan(initialResult, nextPartialResult))
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ modulo: Int,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeModulus(modulo))
    }

    public static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeHistogram())
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeWithLatestFrom(other, resultSelector))
    }

    public static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ sampler: Sampler,
        into consumer: Consumer
    ) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output,
        Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeSample(sampler))
    }

    public static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.bridgeSampleWithFrom(other, resultSelector))
    }
}
