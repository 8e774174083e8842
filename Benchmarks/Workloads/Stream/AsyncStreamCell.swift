import AsyncSequenceStyle
import Harness

/// A ``StreamWorkload`` in the `asyncSequence` row: a ``PipelineSource`` (an `AsyncStream`, or an
/// `AsyncChannel` for demand) fed from the measuring thread -> the workload's async pipeline -> a
/// consumer task iterating it with `for await` into an ``AsyncOutput``.
///
/// Set-up makes the source, the operators and the task, and waits until the task has asked for its
/// first element, so the subscription's cost includes starting the task and the timed region does not.
/// `run` returns only once the consumer has processed every element it sent (``AsyncPipeline``): ns per
/// element is the pipeline's throughput across the hop, whichever side is slower. In latency mode it
/// sends one element at a time and waits for it, so each latency is one element's trip across the hop.
final class AsyncStreamCell<W: StreamWorkload, Source: PipelineSource>: Cell where Source.Element == W.Inputs.Element {
    /// Makes the source and builds the workload's pipeline over it, ending in an output of the sink.
    typealias Start = (OutputSink) -> AsyncPipeline<Source>

    let sink = OutputSink()
    private let input: W.Inputs
    private let start: Start
    private var pipeline: AsyncPipeline<Source>?

    init(workload: W, input: SeededInput, start: @escaping Start) {
        self.input = workload.makeInputs(input)
        self.start = start
    }

    func setUp() {
        let pipeline = start(sink)
        pipeline.awaitConsumerReady()
        self.pipeline = pipeline
    }

    func run(from start: Int, count: Int) {
        let input = self.input
        let batch = (start..<(start + count)).lazy.map { input[$0] }
        if sink.latency == nil {
            pipeline!.send(contentsOf: batch)
        } else {
            let sink = self.sink
            pipeline!.sendOneAtATime(contentsOf: batch) { sink.sentAt = Clock.now() }
        }
    }

    func tearDown() {
        pipeline?.finish()
        pipeline = nil
    }
}
