import Builtin
import Harness
import CombineFramework
import StyleKit
import TestSupport

/// A test-only style: OpenCombine's own `map` (the `builtin` row) whose transform first calls `plant()`,
/// under the `builtin` key, so runs of two of them compare cell for cell. It implements `map` only.
///
/// The base of every comparison is ``UnplantedOperators``, the same wrapper with nothing planted, so a
/// base and a planted cell differ by the planted cost alone (the wrapping closure itself costs tens of ns
/// per element in a debug build: as much as the 20% being planted).
protocol PlantedOperators: MapOnlyStyle {
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
}
