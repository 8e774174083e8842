import Harness
import OpenCombine
import StyleKit

/// A ``TwoInputWorkload`` in a Combine-family style: two `PassthroughSubject`s, one pipeline.
final class TwoInputCombineCell<W: TwoInputWorkload, Style: CombineOperatorStyle>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private var sources: (primary: PassthroughSubject<Int, Never>, secondary: PassthroughSubject<Int, Never>)?

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = input
    }

    func setUp() throws {
        let primary = PassthroughSubject<Int, Never>(), secondary = PassthroughSubject<Int, Never>()
        let output = CombineOutput<W.Output>(sink: sink)
        try workload.buildCombine(Style.self, primary: primary, secondary: secondary, output: output)
        sources = (primary, secondary)
    }

    func run(from start: Int, count: Int) {
        let (primary, secondary) = sources!
        let sink = self.sink
        if sink.latency == nil {
            workload.schedule.forEach(
                start..<(start + count), of: input,
                secondary: { secondary.send($0) },
                primary: { primary.send($0) }
            )
        } else {
            // Each output is timed from the send that caused it, on either input.
            workload.schedule.forEach(
                start..<(start + count), of: input,
                secondary: { sink.sentAt = Clock.now(); secondary.send($0) },
                primary: { sink.sentAt = Clock.now(); primary.send($0) }
            )
        }
    }

    func tearDown() {
        sources?.primary.send(completion: .finished)
        sources?.secondary.send(completion: .finished)
        sources = nil
    }
}
