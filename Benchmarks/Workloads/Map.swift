import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `map` over N elements: the cost of the smallest possible operator.
public struct MapWorkload: StreamWorkload {
    public typealias Output = Int

    public let baseName = "map"
    public let source: SourceKind
    public var summary: String {
        "\(source) -> map -> sink, one Int per element"
    }
    public let operators: [OperatorID] = [.map]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(Transforms.map(input[index]))
        }
        return checksum
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            sink.receive(Transforms.map(input[index]))
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.map(source, { Transforms.map($0) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        source.map { Transforms.map($0) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        source.map { Transforms.map($0) }.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        builder.consume(AsyncSequenceOperators.map(builder.base) { Transforms.map($0) })
    }
}
