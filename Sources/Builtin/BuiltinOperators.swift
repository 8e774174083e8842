import CombineFramework
import StyleKit

/// The `builtin` style: OpenCombine's own operators, and operators composed from them and erased
/// with `eraseToAnyPublisher` (the composition pattern, docs/ORIGINS.md).
///
/// OpenCombine, like Combine, has no `withLatestFrom`, `sample` or `sampleWithFrom`, so those throw
/// ``UnsupportedOperator``.
public enum BuiltinOperators: CombineOperatorStyle {
    public static let implementation = ImplementationID.builtin
    public static let summary = "OpenCombine's own operators, and operators composed from them"
    public static let isThreadSafe = true

    public static let supportedOperators: Set<OperatorID> = [.map, .filter, .scan, .modulus, .histogram]

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ transform: @escaping (Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.map(transform))
    }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.filter(isIncluded))
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ initialResult: Output,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.scan(initialResult, nextPartialResult))
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ modulo: Int,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.modulusComposed(modulo))
    }

    public static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        into consumer: Consumer
    ) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.histogramComposed())
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw UnsupportedOperator(
            implementation, .withLatestFrom,
            reason: "OpenCombine has no withLatestFrom; combineLatest also emits on every value of "
                + "`other` and waits for both inputs, which is not the same operator"
        )
    }

    public static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ sampler: Sampler,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output,
        Consumer.Failure == Upstream.Failure {
        throw UnsupportedOperator(
            implementation, .sample,
            reason: "OpenCombine has no sample driven by another publisher (RxSwift's sample); "
                + "its throttle and debounce sample on a scheduler's clock instead"
        )
    }

    public static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw UnsupportedOperator(
            implementation, .sampleWithFrom,
            reason: "OpenCombine has no operator that combines each value of `other` at most once with "
                + "the upstream (sampleWithFrom); zip pairs values in order and buffers both sides"
        )
    }
}
