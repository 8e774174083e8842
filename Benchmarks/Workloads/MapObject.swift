import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `map` over objects: the `map` workload with a final class reference as the element, so every stage
/// retains and releases it. The source sends objects from a table made when the cell is made; the
/// transform allocates one new `ObjectElement` per element, in every implementation (the hand loop's
/// allocation may be optimised away: then its row shows what the pipelines cannot avoid).
public struct MapObjectWorkload: StreamWorkload {
    public typealias Inputs = ValueTable<ObjectElement>
    public typealias Output = ObjectElement

    public let baseName = "map (object)"
    public let source: SourceKind
    public let scenario = "map"
    public let parameter: String? = "object"
    public var summary: String {
        "\(source) -> map -> sink, one object (final class) per element, one allocated per map"
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

    public func makeInputs(_ input: SeededInput) -> ValueTable<ObjectElement> {
        ValueTable(input, ObjectElement.init)
    }

    public func loop(input: ValueTable<ObjectElement>, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            sink.receive(Transforms.map(input[index]))
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<ObjectElement>
    ) throws where Source.Output == ObjectElement, Source.Failure == Never {
        try Style.map(source, { Transforms.map($0) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, ObjectElement>) -> RxObservable<Rx, ObjectElement> {
        source.map { Transforms.map($0) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<ObjectElement>)
    where Source.Output == ObjectElement, Source.Failure == Never {
        source.map { Transforms.map($0) }.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == ObjectElement, Builder.Input == ObjectElement {
        builder.consume(AsyncSequenceOperators.map(builder.base) { Transforms.map($0) })
    }
}
