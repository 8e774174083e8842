import Builtin
import Harness
import CombineFramework
import StyleKit

/// A test-only style: OpenCombine's own `map` (the `builtin` row) whose transform first calls `plant()`,
/// under the `builtin` key, so runs of two of them compare cell for cell. It implements `map` only.
///
/// The base of every comparison is ``UnplantedOperators``, the same wrapper with nothing planted, so a
/// base and a planted cell differ by the planted cost alone (the wrapping closure itself costs tens of ns
/// per element in a debug build: as much as the 20% being planted).
protocol PlantedOperators: CombineOperatorStyle {
    /// What the planted operator does to every element before the transform.
    static func plant()
}

/// The base: the wrapper and an empty busy loop, nothing planted.
enum UnplantedOperators: PlantedOperators {
    static func plant() { PlantedCost.spin(0) }
}

/// `builtin` map plus one heap allocation per element.
enum ExtraAllocationOperators: PlantedOperators {
    static func plant() { PlantedCost.allocateOne() }
}

/// `builtin` map plus a busy loop of ``PlantedCost/spinIterations`` per element.
enum BusyLoopOperators: PlantedOperators {
    static func plant() { PlantedCost.spin(PlantedCost.spinIterations) }
}

extension PlantedOperators {
    static var implementation: ImplementationID { .builtin }
    static var summary: String { "builtin map with a planted cost" }
    static var supportedOperators: Set<OperatorID> { [.map] }
    static var isThreadSafe: Bool { true }

    static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ transform: @escaping (Upstream.Output) -> Output, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        BuiltinOperators.map(upstream, { value in
            plant()
            return transform(value)
        }, into: consumer)
    }

    static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ isIncluded: @escaping (Upstream.Output) -> Bool, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.filter)
    }

    static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ initialResult: Output, _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.scan)
    }

    static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ modulo: Int, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        throw unsupported(.modulus)
    }

    static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        throw unsupported(.histogram)
    }

    static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.withLatestFrom)
    }

    static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ sampler: Sampler, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.sample)
    }

    static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unsupported(.sampleWithFrom)
    }

    private static func unsupported(_ operation: OperatorID) -> UnsupportedOperator {
        UnsupportedOperator(.builtin, operation, reason: "the planted test styles implement map only")
    }
}
