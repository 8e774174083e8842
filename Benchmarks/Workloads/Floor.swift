import CombineFramework
import SimpleCombine
import StyleKit

/// The do-nothing floor: every element goes from the source straight to the sink, with no operator.
/// For the loop it is the cost of the harness itself (read an input, fold it into the checksum); for
/// the Combine family it is a `PassthroughSubject` (or, `floor [direct]`, a `DirectPublisher`)
/// delivering to a subscriber, for the Rx family a `PublishSubject` (a `DirectObservable`) delivering to
/// an observer. Every other row's cost includes its family's floor over the same source, so an
/// operator's own cost is its row minus this one. (All Combine styles share the same floor: they differ
/// only in operators, and here there is none.)
public struct FloorWorkload: StreamWorkload {
    public typealias Output = Int

    public let baseName = "floor"
    public let source: SourceKind
    public var summary: String {
        "\(source) -> sink with no operator: the cost every other row includes"
    }
    public let operators: [OperatorID] = []

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(input[index])
        }
        return checksum
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            sink.receive(input[index])
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        SubscribeOutput(output: output).consume(source)
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        source
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        source.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        builder.consume(builder.base)
    }
}
