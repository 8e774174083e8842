import Harness

/// The hand-written loop of a ``StreamWorkload``: the floor. It has no source, so a workload's rows over
/// either source run the same loop.
final class LoopStreamCell<W: StreamWorkload>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: W.Inputs
    private var carry: W.LoopCarry

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = workload.makeInputs(input)
        self.carry = workload.makeLoopCarry()
    }

    func setUp() {
        carry = workload.makeLoopCarry()
    }

    func run(from start: Int, count: Int) {
        if sink.latency == nil {
            workload.loop(input: input, range: start..<(start + count), sink: sink, carry: &carry)
        } else {
            for index in start..<(start + count) {
                sink.sentAt = Clock.now()
                workload.loop(input: input, range: index..<(index + 1), sink: sink, carry: &carry)
            }
        }
    }

    func tearDown() {
        workload.loopFinish(sink: sink, carry: &carry)
        sink.receiveCompletion()
    }
}
