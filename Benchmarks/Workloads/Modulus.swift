import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// `modulus(3)`: seed 004's native operator, `abs(value % 3)`, over signed input. `builtin` has no
/// native one: its row is seed 004's composition, OpenCombine's `map` erased with `eraseToAnyPublisher`.
public struct ModulusWorkload: StreamWorkload {
    public typealias Output = Int

    /// The divisor of seed 004's example.
    public static let modulo = 3

    public let name = "modulus"
    public let summary = "subject -> modulus(3) -> sink (builtin: map + eraseToAnyPublisher, seed 004)"
    public let operators: [OperatorID] = [.modulus]

    public init() {}

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

    public func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Int, Never>, output: CombineOutput<Int>
    ) throws {
        try Style.modulus(source, Self.modulo, into: SubscribeOutput(output: output))
    }

    public func buildRx(source: PublishSubject<Int>) -> Observable<Int> {
        source.modulus(Self.modulo)
    }
}
