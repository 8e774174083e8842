import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `filter` alone: about half of the elements pass. In the Combine family every dropped element returns
/// `.max(1)` to the upstream (replenishment, docs/SEMANTICS.md).
public struct FilterWorkload: StreamWorkload {
    public typealias Output = Int

    public let baseName = "filter"
    public let source: SourceKind
    public var summary: String {
        "\(source) -> filter (even values pass, about half) -> sink"
    }
    public let operators: [OperatorID] = [.filter]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count where Transforms.isEven(input[index]) {
            checksum.combine(input[index])
        }
        return checksum
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            let value = input[index]
            guard Transforms.isEven(value) else { continue }
            sink.receive(value)
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.filter(source, { Transforms.isEven($0) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        source.filter { Transforms.isEven($0) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        source.filter { Transforms.isEven($0) }.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        builder.consume(AsyncSequenceOperators.filter(builder.base) { Transforms.isEven($0) })
    }
}
