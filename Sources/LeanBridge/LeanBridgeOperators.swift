import CombineFramework
import StructBridge
import StyleKit

/// The `leanBridge` style: the struct bridges of `structBridge`, each per-element path trimmed to what the
/// Combine protocol requires (docs/FAST-OPERATORS.md says which technique saves what). Its single-input
/// stages (map, filter, scan, modulus) are its own; histogram and the two-input operators are
/// `structBridge`'s, as no technique of FAST-OPERATORS.md was tried on them.
public enum LeanBridgeOperators: CombineOperatorStyle {
    public static let implementation: ImplementationID = "leanBridge"
    public static let summary = "struct bridges with the per-element path trimmed to what the protocol requires"
    public static let isThreadSafe = true

    public static let supportedOperators = Set(OperatorID.allCases)

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ transform: @escaping (Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.leanMap(transform))
    }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.leanFilter(isIncluded))
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ initialResult: Output,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.leanScan(initialResult, nextPartialResult))
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ modulo: Int,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.leanModulus(modulo))
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
