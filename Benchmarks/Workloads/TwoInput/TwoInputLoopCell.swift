import Harness

/// The hand-written loop of a ``TwoInputWorkload``: the floor.
final class TwoInputLoopCell<W: TwoInputWorkload>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private var state: W.LoopState

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = input
        self.state = workload.makeLoopState()
    }

    func setUp() {
        state = workload.makeLoopState()
    }

    func run(from start: Int, count: Int) {
        if sink.latency == nil {
            workload.loop(input: input, range: start..<(start + count), sink: sink, state: &state)
        } else {
            for index in start..<(start + count) {
                sink.sentAt = Clock.now()
                workload.loop(input: input, range: index..<(index + 1), sink: sink, state: &state)
            }
        }
    }

    func tearDown() {
        workload.loopFinish(sink: sink, state: &state)
        sink.receiveCompletion()
    }
}
