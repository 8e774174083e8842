import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `scan` alone: a running sum, the smallest operator that keeps state between elements.
public struct ScanWorkload: StreamWorkload {
    public typealias Output = Int
    /// The running sum, which must survive between batches as scan's accumulator does.
    public typealias LoopCarry = Int

    public let baseName = "scan"
    public let source: SourceKind
    public var summary: String {
        "\(source) -> scan (running sum) -> sink"
    }
    public let operators: [OperatorID] = [.scan]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        var sum = 0
        for index in 0..<count {
            sum = Transforms.sum(sum, input[index])
            checksum.combine(sum)
        }
        return checksum
    }

    public func makeLoopCarry() -> Int { 0 }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry sum: inout Int) {
        for index in range {
            sum = Transforms.sum(sum, input[index])
            sink.receive(sum)
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.scan(source, 0, { Transforms.sum($0, $1) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        source.scan(0) { Transforms.sum($0, $1) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        source.scan(0) { Transforms.sum($0, $1) }.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        builder.consume(AsyncSequenceOperators.scan(builder.base, 0) { Transforms.sum($0, $1) })
    }
}
