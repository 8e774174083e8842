import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// N chained `map` stages: how the cost of a style grows with the length of a pipeline. The Combine
/// chain stays fully typed (`Map<Map<...<Source>>>`, no `eraseToAnyPublisher`, which would measure type
/// erasure instead).
public struct PipelineDepthWorkload: StreamWorkload {
    public typealias Output = Int

    /// Every depth `run --full` measures; the default run keeps the middle one.
    public static let depths = [1, 2, 4, 8, 16]

    public let depth: Int
    public let source: SourceKind
    public let operators: [OperatorID] = [.map]

    public init(depth: Int, source: SourceKind = .subject) {
        precondition(depth >= 1, "a pipeline has at least one stage")
        self.depth = depth
        self.source = source
    }

    /// Every depth of ``depths`` over `source`.
    public static func sweep(_ source: SourceKind = .subject) -> [PipelineDepthWorkload] {
        depths.map { PipelineDepthWorkload(depth: $0, source: source) }
    }

    public var baseName: String { "pipelineDepth (\(depth))" }
    public var scenario: String { "pipelineDepth" }
    public var sweepAxis: SweepAxis? { .stage }
    public var parameter: String? { String(depth) }
    public var summary: String { "\(source) -> map x \(depth) -> sink" }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            var value = input[index]
            for _ in 0..<depth {
                value = Transforms.map(value)
            }
            checksum.combine(value)
        }
        return checksum
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            var value = input[index]
            for _ in 0..<depth {
                value = Transforms.map(value)
            }
            sink.receive(value)
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try MapStages<Style>(remaining: depth, output: output).consume(source).get()
    }

    public func buildRx(source: Observable<Int>) -> Observable<Int> {
        (0..<depth).reduce(source) { observable, _ in observable.map(Transforms.map) }
    }
}

// MARK: - Chain stages

/// Applies one more `map` to the publisher it is handed and passes the result to a copy of itself with
/// one stage fewer, until none remain; then subscribes the output. Each level is a new publisher type,
/// made at run time, so the compiler cannot specialise the chain. Measured, that costs nothing: a
/// variant whose depth was a static type (`Stage<Stage<...<End>>>`, picked by a switch on the depth)
/// ran the same to within 1% at depths 1, 4 and 16, per element and in set-up, for every style. Behind
/// OpenCombine's `subscribe` the operators' inners run unspecialised either way (docs/STYLES.md), so this,
/// the simpler form that takes any depth, is the one kept.
private struct MapStages<Style: CombineOperatorStyle>: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let remaining: Int
    let output: CombineOutput<Int>

    func consume<P: Publisher>(_ publisher: P) -> Result<Void, Error> where P.Output == Int, P.Failure == Never {
        guard remaining > 0 else {
            publisher.subscribe(output)
            return .success(())
        }
        let next = MapStages(remaining: remaining - 1, output: output)
        return Result { try Style.map(publisher, Transforms.map, into: next).get() }
    }
}
