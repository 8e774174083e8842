import CombineFramework
import StyleKit

/// A test-only Combine style that builds `map` alone, with something planted in it (a cost, a demand bug):
/// it supports `map` only, and the other seven operators throw ``UnsupportedOperator`` naming the style, as
/// a style that cannot express them must. A conformer writes `map` and names itself.
public protocol MapOnlyStyle: CombineOperatorStyle {}

extension MapOnlyStyle {
    public static var supportedOperators: Set<OperatorID> { [.map] }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ isIncluded: @escaping (Upstream.Output) -> Bool, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.filter)
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ initialResult: Output, _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.scan)
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ modulo: Int, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        throw unsupported(.modulus)
    }

    public static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        throw unsupported(.histogram)
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.withLatestFrom)
    }

    public static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ sampler: Sampler, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.sample)
    }

    public static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.sampleWithFrom)
    }

    private static func unsupported(_ operation: OperatorID) -> UnsupportedOperator {
        UnsupportedOperator(implementation, operation, reason: "the test style implements map only")
    }
}
