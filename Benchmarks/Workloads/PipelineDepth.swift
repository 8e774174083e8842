import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// N chained stages of one operator (``ChainStage``: `map`, a `filter` that passes everything, `scan`):
/// how the cost of a style grows with the length of a pipeline, and so what one more stage costs (the
/// slope fits.csv fits). Keys: `pipelineDepth (N)` for map, `filterDepth (N)`, `scanDepth (N)`. The
/// Combine chain stays fully typed (`Map<Map<...<Source>>>`, no `eraseToAnyPublisher`, which would
/// measure type erasure instead).
public struct PipelineDepthWorkload: StreamWorkload {
    public typealias Output = Int
    /// Each scan stage's running sum, which must survive between batches as the stages' state does.
    public typealias LoopCarry = [Int]

    /// Every depth `run --full` measures; the default run keeps 1, 4 and 16, enough for a fit.
    public static let depths = [1, 2, 4, 8, 16]

    public let depth: Int
    public let stage: ChainStage
    public let source: SourceKind

    public init(depth: Int, stage: ChainStage = .map, source: SourceKind = .subject) {
        precondition(depth >= 1, "a pipeline has at least one stage")
        self.depth = depth
        self.stage = stage
        self.source = source
    }

    /// Every depth of ``depths`` of `stage` over `source`.
    public static func sweep(_ stage: ChainStage = .map, _ source: SourceKind = .subject) -> [PipelineDepthWorkload] {
        depths.map { PipelineDepthWorkload(depth: $0, stage: stage, source: source) }
    }

    public var baseName: String { "\(scenario) (\(depth))" }
    public var scenario: String { stage.scenario }
    public var operators: [OperatorID] { [stage.operatorID] }
    public var sweepAxis: SweepAxis? { .stage }
    public var parameter: String? { String(depth) }
    public var parameterTitle: String? { "\(stage.rawValue) operators in the chain (depth)" }
    public var summary: String { "\(source) -> \(stage.rawValue) x \(depth) -> sink" }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        var sums = makeLoopCarry()
        for index in 0..<count {
            if let value = stage.apply(input[index], depth: depth, sums: &sums) { checksum.combine(value) }
        }
        return checksum
    }

    public func makeLoopCarry() -> [Int] { Array(repeating: 0, count: stage == .scan ? depth : 0) }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry sums: inout [Int]) {
        for index in range {
            if let value = stage.apply(input[index], depth: depth, sums: &sums) { sink.receive(value) }
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try ChainStages<Style>(stage: stage, remaining: depth, output: output).consume(source).get()
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        (0..<depth).reduce(source) { observable, _ in stage.build(observable) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        SimpleChainStages(stage: stage, remaining: depth, output: output).consume(source)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        AsyncChainStages(stage: stage, remaining: depth, builder: builder).consume(builder.base)
    }
}

// MARK: - Chain stages

/// Applies one more stage to the publisher it is handed and passes the result to a copy of itself with
/// one stage fewer, until none remain; then subscribes the output. Each level is a new publisher type,
/// made at run time, so the compiler cannot specialise the chain. Measured, that costs nothing: a
/// variant whose depth was a static type (`Stage<Stage<...<End>>>`, picked by a switch on the depth)
/// ran the same to within 1% at depths 1, 4 and 16, per element and in set-up, for every style. Behind
/// OpenCombine's `subscribe` the operators' inners run unspecialised either way (docs/STYLES.md), so this,
/// the simpler form that takes any depth, is the one kept.
private struct ChainStages<Style: CombineOperatorStyle>: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let stage: ChainStage
    let remaining: Int
    let output: CombineOutput<Int>

    func consume<P: Publisher>(_ publisher: P) -> Result<Void, Error> where P.Output == Int, P.Failure == Never {
        guard remaining > 0 else {
            publisher.subscribe(output)
            return .success(())
        }
        let next = ChainStages(stage: stage, remaining: remaining - 1, output: output)
        return Result { try stage.build(Style.self, publisher, into: next).get() }
    }
}
