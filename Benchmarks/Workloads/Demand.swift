import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// The cost of back-pressure: source -> map -> sink, with the sink signalling demand by each
/// ``DemandPolicy``. Each style's `demand (unlimited)` row is the reference its other rows' demand
/// overhead is reported against. The Rx family has no demand: only its `unlimited` row runs, the others
/// are `unsupported`. The loop has no demand either; it runs every row as the floor for the ratio.
///
/// The slow-consumer rows (`demand (unlimited, slowConsumer)`, `demand (max1Requested, slowConsumer)`)
/// add ``ConsumerWork`` per value in the subscriber, as a consumer doing real work does: demand's fixed
/// cost per element is then a smaller share, which is the overhead users of back-pressure actually see.
/// Their reference is the slow `unlimited` row. The loop does the same work per value; the Rx family
/// has no way for a consumer to slow its producer, so its slow rows are `unsupported`.
public struct DemandWorkload: StreamWorkload {
    public typealias Output = Int

    /// Every policy `run --full` measures over `source` (the default run too: policies are not a scale).
    public static func sweep(_ source: SourceKind = .subject) -> [DemandWorkload] {
        [.unlimited, .max1Returned, .max1Requested, .batch(8), .batch(64)].map { DemandWorkload($0, source: source) }
            + [.unlimited, .max1Requested].map { DemandWorkload($0, slowConsumer: true, source: source) }
    }

    /// The pipeline every policy runs. Made once: making a `MapWorkload` allocates its `operators`
    /// array, which inside the loop's timed region was one allocation per batch in debug builds.
    private static let map = MapWorkload()

    public let demand: DemandPolicy
    public let slowConsumer: Bool
    public let source: SourceKind
    public let operators: [OperatorID] = [.map]

    public init(_ demand: DemandPolicy, slowConsumer: Bool = false, source: SourceKind = .subject) {
        self.demand = demand
        self.slowConsumer = slowConsumer
        self.source = source
    }

    public var baseName: String { "demand (\(parameter!))" }
    public var scenario: String { "demand" }
    public var parameter: String? { slowConsumer ? "\(demand), slowConsumer" : demand.description }
    public var parameterTitle: String? { "demand policy" }
    public var summary: String {
        let work = slowConsumer ? ", \(ConsumerWork.slowRounds) rounds of work per value" : ""
        return "\(source) -> map -> sink requesting \(demand)\(work): overhead vs unlimited"
    }
    public var demandReference: String? {
        DemandWorkload(.unlimited, slowConsumer: slowConsumer, source: source).name
    }
    public var consumerRounds: Int { slowConsumer ? ConsumerWork.slowRounds : 0 }

    public func unsupportedReason(for implementation: Implementation) -> String? {
        if implementation.family == .rx && demand != .unlimited {
            return "the Rx family is push only: it has no demand (back-pressure) to signal"
        }
        if implementation.family == .rx && slowConsumer {
            return "the Rx family is push only: a slow consumer cannot slow its producer"
        }
        return defaultUnsupportedReason(for: implementation)
    }

    /// `asyncSequence` has no demand; each policy runs as its nearest analogue (docs/STYLES.md): the
    /// `AsyncStream`'s buffer (``DemandPolicy/streamBuffering``), but for `max1Requested`, whose consumer
    /// asks for each value as it is ready for it: an `AsyncChannel`, whose sender suspends until the
    /// consumer takes the value.
    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        guard implementation.family == .asyncSequence, demand == .max1Requested else {
            return makeStreamCell(for: implementation, input: input)
        }
        return makeAsyncCell(input) { ChannelSource<Int>() }
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        Self.map.reference(input: input, count: count)
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        guard slowConsumer else { return Self.map.loop(input: input, range: range, sink: sink, carry: &carry) }
        for index in range {
            sink.receive(Transforms.map(input[index]))
            ConsumerWork.perform(rounds: consumerRounds, seed: sink.valueCount)
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Self.map.buildCombine(style, source: source, output: output)
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        Self.map.buildRx(source: source)
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        Self.map.buildSimpleCombine(source: source, output: output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        Self.map.buildAsync(builder)
    }
}
