import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// `scan` alone: a running sum, the smallest operator that keeps state between elements.
public struct ScanWorkload: StreamWorkload {
    public typealias Output = Int
    /// The running sum, which must survive between batches as scan's accumulator does.
    public typealias LoopCarry = Int

    public let name = "scan"
    public let summary = "subject -> scan (running sum) -> sink"
    public let operators: [OperatorID] = [.scan]

    public init() {}

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

    public func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Int, Never>, output: CombineOutput<Int>
    ) throws {
        try Style.scan(source, 0, Transforms.sum, into: SubscribeOutput(output: output))
    }

    public func buildRx(source: PublishSubject<Int>) -> Observable<Int> {
        source.scan(0, accumulator: Transforms.sum)
    }
}
