import DirectSources
import Harness
import CombineFramework
import RxCore
import RxSinks
import SimpleCombine
import StyleKit

/// Subscription churn: per unit, subscribe a chain of `depth` `map` stages to a live source (the
/// family's subject, or a direct source), deliver one element (which proves the subscription works and
/// feeds the checksum), cancel. Measures time, allocations and bytes per subscription; `retained_bytes`
/// shows what the cancelled chains kept. After the loop a sentinel element is sent to the same source,
/// which delivers to every subscriber it still holds: a subscription that survived its cancel would
/// receive it and break the checksum.
///
/// The depths are named `subscribeChurn (1)`, `(4)` and `(16)`; all three share the scenario
/// `subscribeChurn` and carry their depth in the CSV's `parameter` column.
public struct SubscribeChurnWorkload: SourcedWorkload {
    /// Every depth `run --full` measures over `source`; the default run keeps the middle one.
    public static func sweep(_ source: SourceKind = .subject) -> [SubscribeChurnWorkload] {
        let chains: [any MapChainDepth.Type] = [OneMap.self, FourMaps.self, SixteenMaps.self]
        return chains.map { SubscribeChurnWorkload($0, source: source) }
    }

    public let source: SourceKind
    public let unit = MeasuredUnit.subscription
    public let operators: [OperatorID] = [.map]
    /// The chain, as a type, so that Combine-family chains are built with their full static type.
    let chain: any MapChainDepth.Type

    static let sentinel = Int.min

    /// Depth 1: source -> map -> sink.
    public init(source: SourceKind = .subject) {
        self.init(OneMap.self, source: source)
    }

    public init(_ chain: any MapChainDepth.Type, source: SourceKind = .subject) {
        self.chain = chain
        self.source = source
    }

    public var depth: Int { chain.depth }
    public var baseName: String { "\(scenario) (\(depth))" }
    public var scenario: String { "subscribeChurn" }
    public var sweepAxis: SweepAxis? { .stage }
    public var parameter: String? { String(depth) }
    public var parameterTitle: String? { "map stages subscribed and cancelled (depth)" }
    public var summary: String {
        "subscribe \(source) -> \(depth == 1 ? "map" : "\(depth) x map") -> sink, deliver one element, cancel; "
            + "per subscription"
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(Self.mapped(input[index], depth: depth))
        }
        return checksum
    }

    /// `value` through `depth` maps.
    static func mapped(_ value: Int, depth: Int) -> Int {
        var value = value
        for _ in 0..<depth {
            value = Transforms.map(value)
        }
        return value
    }

    /// The cell of `implementation` over this workload's source. Each source is a concrete type here, and
    /// so is each Combine style (``makeCombineCell(_:input:)``), so the closure that builds a chain is
    /// specialised for both, as an app's `.map(f).map(f)` is.
    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch (implementation.family, source) {
        case (.loop, _):
            return LoopChurnCell(input: input, depth: depth)
        case (.rx, _):
            return rxIntSource(implementation, source, RxChurnCellMaker(input: input, depth: depth))
        case (.combine, _):
            return implementation.makeCombineCell(for: self, input: input)
        case (.simpleCombine, .subject):
            return makeSimpleCombineCell(SimplePassthroughSubject<Int, Never>.self, input)
        case (.simpleCombine, .direct):
            return makeSimpleCombineCell(SimpleDirectPublisher<Int, Never>.self, input)
        case (.asyncSequence, _):
            return AsyncChurnCell(input: input, depth: depth)
        }
    }

    private func makeSimpleCombineCell<Source: SimpleCombineCellSource>(_ source: Source.Type, _ input: SeededInput) -> any Cell
    where Source.Output == Int {
        let depth = self.depth
        return PushChurnCell<Source, SimpleCombineOutput<Int>>(input: input) { source, output in
            SimpleChainStages(stage: .map, remaining: depth, output: output).consume(source)
        }
    }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        switch source {
        case .subject: Self.makeCombineCell(style, chain, PassthroughSubject<Int, Never>.self, input)
        case .direct: Self.makeCombineCell(style, chain, DirectPublisher<Int, Never>.self, input)
        }
    }

    static func makeCombineCell<Style: CombineOperatorStyle, Chain: MapChainDepth, Source: CombineCellSource>(
        _ style: Style.Type, _ chain: Chain.Type, _ source: Source.Type, _ input: SeededInput
    ) -> any Cell where Source.Output == Int {
        PushChurnCell<Source, CombineOutput<Int>>(input: input) { source, output in
            // Support for `map` was checked before the cell was made; the conformance suite checks that
            // every style builds what it claims to support.
            try! Chain.build(Style.self, source, into: SubscribeOutput(output: output))
        }
    }
}

// MARK: -

/// Makes an ``RxChurnCell`` for the source type, and so the library, it is given as a concrete type.
private struct RxChurnCellMaker: RxIntSourceVisitor {
    let input: SeededInput
    let depth: Int

    func visit<Source: TwoInputRxSource>(_ source: Source.Type) -> any Cell {
        let depth = self.depth
        return RxChurnCell<Source>(input: input) { source, sink, value in
            // The Rx family's operators return `Observable`: a chain built in a loop is what apps build.
            var chain = source.observable.map { Transforms.map($0) }
            for _ in 1..<depth {
                chain = chain.map { Transforms.map($0) }
            }
            let subscription = chain.subscribe(sink)
            source.sendNext(value)
            Source.Library.dispose(subscription)
        }
    }
}
