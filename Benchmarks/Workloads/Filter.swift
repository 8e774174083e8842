import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// `filter` alone: about half of the elements pass. In the Combine family every dropped element returns
/// `.max(1)` to the upstream (replenishment, docs/SEMANTICS.md).
public struct FilterWorkload: StreamWorkload {
    public typealias Output = Int

    public let name = "filter"
    public let summary = "subject -> filter (even values pass, about half) -> sink"
    public let operators: [OperatorID] = [.filter]

    public init() {}

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

    public func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Int, Never>, output: CombineOutput<Int>
    ) throws {
        try Style.filter(source, Transforms.isEven, into: SubscribeOutput(output: output))
    }

    public func buildRx(source: PublishSubject<Int>) -> Observable<Int> {
        source.filter(Transforms.isEven)
    }
}
