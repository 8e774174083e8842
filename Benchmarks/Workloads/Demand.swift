import Implementations
import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// The cost of back-pressure: subject -> map -> sink, with the sink signalling demand by each
/// ``DemandPolicy``. Each style's `demand (unlimited)` row is the reference its other rows' demand
/// overhead is reported against. The Rx family has no demand: only its `unlimited` row runs, the others
/// are `unsupported`. The loop has no demand either; it runs every row as the floor for the ratio.
public struct DemandWorkload: StreamWorkload {
    public typealias Output = Int

    /// Every policy `run --full` measures.
    public static let sweep: [DemandWorkload] = [
        .unlimited, .max1Returned, .max1Requested, .batch(8), .batch(64),
    ].map(DemandWorkload.init)

    /// The pipeline every policy runs. Made once: making a `MapWorkload` allocates its `operators`
    /// array, which inside the loop's timed region was one allocation per batch in debug builds.
    private static let map = MapWorkload()

    public let demand: DemandPolicy
    public let operators: [OperatorID] = [.map]

    public init(_ demand: DemandPolicy) { self.demand = demand }

    public var name: String { "demand (\(demand))" }
    public var scenario: String { "demand" }
    public var parameter: String? { demand.description }
    public var summary: String { "subject -> map -> sink requesting \(demand): overhead vs unlimited" }
    public var demandReference: String? { DemandWorkload(.unlimited).name }

    public func unsupportedReason(for implementation: Implementation) -> String? {
        if implementation.family == .rx && demand != .unlimited {
            return "the Rx family is push only: it has no demand (back-pressure) to signal"
        }
        return defaultUnsupportedReason(for: implementation)
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        Self.map.reference(input: input, count: count)
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        Self.map.loop(input: input, range: range, sink: sink, carry: &carry)
    }

    public func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Int, Never>, output: CombineOutput<Int>
    ) throws {
        try Self.map.buildCombine(style, source: source, output: output)
    }

    public func buildRx(source: PublishSubject<Int>) -> Observable<Int> {
        Self.map.buildRx(source: source)
    }
}
