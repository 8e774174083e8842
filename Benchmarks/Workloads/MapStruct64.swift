import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `map` over 64-byte structs: the `map` workload with an element eight Ints wide. The source sends
/// values from a table made when the cell is made; the transform makes a new `Struct64` from each.
public struct MapStruct64Workload: StreamWorkload {
    public typealias Inputs = ValueTable<Struct64>
    public typealias Output = Struct64

    public let baseName = "map (struct64)"
    public let source: SourceKind
    public let scenario = "map"
    public let parameter: String? = "struct64"
    public var summary: String {
        "\(source) -> map -> sink, one 64-byte struct (8 Ints) per element"
    }
    public let operators: [OperatorID] = [.map]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            Transforms.map(Struct64(seed: input[index])).fold(into: &checksum)
        }
        return checksum
    }

    public func makeInputs(_ input: SeededInput) -> ValueTable<Struct64> {
        ValueTable(input, Struct64.init(seed:))
    }

    public func loop(input: ValueTable<Struct64>, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            sink.receive(Transforms.map(input[index]))
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Struct64>
    ) throws where Source.Output == Struct64, Source.Failure == Never {
        try Style.map(source, { Transforms.map($0) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Struct64>) -> RxObservable<Rx, Struct64> {
        source.map { Transforms.map($0) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Struct64>)
    where Source.Output == Struct64, Source.Failure == Never {
        source.map { Transforms.map($0) }.subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Struct64, Builder.Input == Struct64 {
        builder.consume(AsyncSequenceOperators.map(builder.base) { Transforms.map($0) })
    }
}
