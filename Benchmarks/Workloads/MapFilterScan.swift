import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// A `map -> filter -> scan` chain: how the cost of a style composes over stages, including a stage
/// that drops about half of the elements (and so must replenish demand in the Combine family).
public struct MapFilterScanWorkload: StreamWorkload {
    public typealias Output = Int
    /// The running sum, which must survive between batches as scan's accumulator does.
    public typealias LoopCarry = Int

    public let baseName = "mapFilterScan"
    public let source: SourceKind
    public var summary: String {
        "\(source) -> map -> filter (about half pass) -> scan (running sum) -> sink"
    }
    public let operators: [OperatorID] = [.map, .filter, .scan]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        var sum = 0
        for index in 0..<count {
            let mapped = Transforms.map(input[index])
            if Transforms.isEven(mapped) {
                sum = Transforms.sum(sum, mapped)
                checksum.combine(sum)
            }
        }
        return checksum
    }

    public func makeLoopCarry() -> Int { 0 }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry sum: inout Int) {
        for index in range {
            let mapped = Transforms.map(input[index])
            guard Transforms.isEven(mapped) else { continue }
            sum = Transforms.sum(sum, mapped)
            sink.receive(sum)
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.map(source, { Transforms.map($0) }, into: Filter<Style>(output: output)).get()
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        source.map { Transforms.map($0) }.filter { Transforms.isEven($0) }.scan(0) { Transforms.sum($0, $1) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        source.map { Transforms.map($0) }.filter { Transforms.isEven($0) }.scan(0) { Transforms.sum($0, $1) }.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        let mapped = AsyncSequenceOperators.map(builder.base) { Transforms.map($0) }
        return builder.consume(
            AsyncSequenceOperators.scan(AsyncSequenceOperators.filter(mapped) { Transforms.isEven($0) }, 0) { Transforms.sum($0, $1) }
        )
    }
}

// MARK: - Chain stages

/// The second and third stages, handed the typed publisher of the stage before.
private struct Filter<Style: CombineOperatorStyle>: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let output: CombineOutput<Int>

    func consume<P: Publisher>(_ publisher: P) -> Result<Void, Error> where P.Output == Int, P.Failure == Never {
        Result { try Style.filter(publisher, { Transforms.isEven($0) }, into: Scan<Style>(output: output)).get() }
    }
}

private struct Scan<Style: CombineOperatorStyle>: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let output: CombineOutput<Int>

    func consume<P: Publisher>(_ publisher: P) -> Result<Void, Error> where P.Output == Int, P.Failure == Never {
        Result { try Style.scan(publisher, 0, { Transforms.sum($0, $1) }, into: SubscribeOutput(output: output)) }
    }
}
