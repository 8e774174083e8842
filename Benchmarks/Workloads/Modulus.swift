import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `modulus(3)`: the struct-bridge pattern's `ModulusOperator` (docs/ORIGINS.md), `abs(value % 3)`, over
/// signed input. `builtin` has no native one: its row is a composition, OpenCombine's `map` erased with
/// `eraseToAnyPublisher`.
public struct ModulusWorkload: StreamWorkload {
    public typealias Output = Int

    /// The divisor of the composition article's example.
    public static let modulo = 3

    public let baseName = "modulus"
    public let source: SourceKind
    public var summary: String {
        "\(source) -> modulus(3) -> sink (builtin: map + eraseToAnyPublisher)"
    }
    public let operators: [OperatorID] = [.modulus]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(Transforms.modulus(input[index], Self.modulo))
        }
        return checksum
    }

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout Void) {
        for index in range {
            sink.receive(Transforms.modulus(input[index], Self.modulo))
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.modulus(source, Self.modulo, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        source.modulus(Self.modulo)
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Int>)
    where Source.Output == Int, Source.Failure == Never {
        source.modulus(Self.modulo).subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == Int {
        builder.consume(builder.base.modulus(Self.modulo))
    }
}
