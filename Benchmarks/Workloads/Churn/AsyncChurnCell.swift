import AsyncSequenceStyle

/// `subscribeChurn` in the `asyncSequence` row: per unit, make an `AsyncStream`, a chain of `depth` `map`
/// stages over it and the consumer task that iterates it, send one element, wait until the task has
/// processed it, cancel the task and wait until it has ended. So a unit is the whole life of an async
/// subscription: the stream, the operators, the task, one element's hop, the cancellation.
///
/// Each unit has its own stream, so there is no shared source to send a sentinel to after the loop (as
/// the other families' cells do): a consumer that outlived its cancel would make the cell wait forever in
/// `run`, which the harness reports as a timeout.
final class AsyncChurnCell: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let depth: Int

    init(input: SeededInput, depth: Int) {
        self.input = input
        self.depth = depth
    }

    func setUp() {}

    func run(from start: Int, count: Int) {
        for index in start..<(start + count) {
            let builder = StartAsyncPipeline(source: StreamSource<Int>(), output: AsyncOutput<Int>(sink: sink))
            let pipeline = AsyncChainStages(stage: .map, remaining: depth, builder: builder).consume(builder.base)
            pipeline.send(contentsOf: CollectionOfOne(input[index]))
            pipeline.cancel()
        }
    }

    func tearDown() {
        sink.receiveCompletion()
    }
}
