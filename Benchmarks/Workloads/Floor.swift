import OpenCombine
import RxCore
import StyleKit

/// The do-nothing floor: every element goes from the source straight to the sink, with no operator.
/// For the loop it is the cost of the harness itself (read an input, fold it into the checksum); for
/// the Combine family it is a `PassthroughSubject` delivering to a subscriber, for the Rx family a
/// `PublishSubject` delivering to an observer. Every other row's cost includes its family's floor, so
/// an operator's own cost is its row minus this one. (All Combine styles share the same floor: they
/// differ only in operators, and here there is none.)
public struct FloorWorkload: StreamWorkload {
    public typealias Output = Int

    public let name = "floor"
    public let summary = "subject -> sink with no operator: the cost every other row includes"
    public let operators: [OperatorID] = []

    public init() {}

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

    public func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Int, Never>, output: CombineOutput<Int>
    ) throws {
        SubscribeOutput(output: output).consume(source)
    }

    public func buildRx(source: PublishSubject<Int>) -> Observable<Int> {
        source.asObservable()
    }
}
