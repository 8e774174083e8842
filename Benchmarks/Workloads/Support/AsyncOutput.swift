import AsyncSequenceStyle

/// The downstream end of every `asyncSequence` cell: what the consumer task's `for await` hands each
/// output to. It folds the value into the sink, records its latency in latency mode (the driver stamped
/// `sentAt` before the send, and sends the next element only once this one was processed) and, for a
/// slow consumer, does ``ConsumerWork`` before the task asks for the next element.
///
/// Called from the consumer task only; the measuring thread reads the sink once the cell's
/// ``ConsumptionProgress`` (release/acquire) says the values were processed, or once the task ended.
final class AsyncOutput<Input: Checksummable>: AsyncDownstream {
    let sink: OutputSink
    private let consumerRounds: Int

    init(sink: OutputSink, consumerRounds: Int = 0) {
        self.sink = sink
        self.consumerRounds = consumerRounds
    }

    @inline(__always)
    func receive(_ value: Input) {
        let state = sink.state
        state.pointee.count(value)
        guard consumerRounds > 0 || state.pointee.latency != nil else { return }
        ConsumerWork.afterCounting(state, rounds: consumerRounds)
    }

    func receiveCompletion() {
        sink.receiveCompletion()
    }
}
