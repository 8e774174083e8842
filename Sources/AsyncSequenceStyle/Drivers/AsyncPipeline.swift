/// One asyncSequence pipeline as a cell drives it: a source the calling thread feeds, the pipeline built
/// on the source's elements, a ``ConsumerTask`` at its end, and the handshake between the two sides
/// (``ConsumptionProgress``).
///
/// Made in a cell's set-up (the source, the operators and the task are the cost of one subscription);
/// ``send(contentsOf:)`` is the timed region of a throughput repetition, and returns only once the
/// consumer has processed everything sent, so the time covers the pipeline's throughput across the task
/// hop, whichever side is slower. ``sendOneAtATime(contentsOf:beforeEach:)`` is the latency repetition:
/// one element in flight at a time, so each send-to-receipt time is one element's trip across the hop.
/// ``finish()`` or ``cancel()`` ends it and waits for the task.
///
/// Not thread-safe: one thread drives it (the sources themselves accept several senders). Drive it from
/// a thread of its own, as the tool's cells run on its main thread, not from a task of the global
/// concurrent executor: its waits hold the calling thread, and the consumer task needs one of that
/// executor's threads (as many as the cores).
public final class AsyncPipeline<Source: PipelineSource> {
    public let source: Source
    public let progress: ConsumptionProgress
    private var consumer: ConsumerTask!
    /// Elements sent so far.
    public private(set) var sentCount = 0

    /// Builds `pipeline` over the source's elements and starts a consumer task that iterates it with
    /// `for await`, handing every output to `downstream`.
    public convenience init<Output: AsyncSequence, Downstream: AsyncDownstream>(
        _ source: Source,
        into downstream: Downstream,
        pipeline: (CountingSequence<Source.Elements>) -> Output
    ) where Output.Element == Downstream.Input {
        let progress = ConsumptionProgress()
        let output = pipeline(CountingSequence(source.elements, progress: progress))
        self.init(source, progress: progress, iterating: output, into: downstream)
    }

    /// Starts a consumer task that iterates `output`, a pipeline already built on the source's elements
    /// counted in `progress` (`CountingSequence(source.elements, progress: progress)`), handing every output
    /// to `downstream`: for a caller that builds the pipeline in steps of its own.
    public init<Output: AsyncSequence, Downstream: AsyncDownstream>(
        _ source: Source,
        progress: ConsumptionProgress,
        iterating output: Output,
        into downstream: Downstream
    ) where Output.Element == Downstream.Input {
        self.source = source
        self.progress = progress
        consumer = .iterating(output, into: downstream, progress: progress)
    }

    /// Starts a consumer task that reduces the source's elements with `reduce` (histogram) and hands the
    /// one result to `downstream` once the elements end.
    public init<Downstream: AsyncDownstream>(
        _ source: Source,
        into downstream: Downstream,
        reducing reduce: @escaping (CountingSequence<Source.Elements>) async throws -> Downstream.Input
    ) {
        self.source = source
        progress = ConsumptionProgress()
        consumer = .reducing(CountingSequence(source.elements, progress: progress), with: reduce, into: downstream, progress: progress)
    }

    deinit {
        // A pipeline dropped while running must not leave its task waiting for elements forever.
        consumer.cancel()
        source.finish()
    }

    /// Waits until the consumer task has started and asks for its first element (or has stopped): a cell
    /// calls it at the end of its set-up, so that starting the task is part of the subscription's cost and
    /// not of the first element's.
    public func awaitConsumerReady() {
        progress.awaitFirstRequest()
    }

    /// Sends `batch` and waits until the consumer has processed all of it (or has stopped).
    public func send<Batch: Sequence>(contentsOf batch: Batch) where Batch.Element == Source.Element {
        sentCount += source.send(batch)
        progress.awaitProcessed(sentCount)
    }

    /// Sends `batch` one element at a time, calling `beforeEach` just before each send (to stamp the
    /// send time) and sending the next only once the consumer has processed the previous one.
    public func sendOneAtATime<Batch: Sequence>(contentsOf batch: Batch, beforeEach: @escaping () -> Void)
    where Batch.Element == Source.Element {
        sentCount += source.sendOneAtATime(batch, alreadySent: sentCount, progress: progress, beforeEach: beforeEach)
    }

    /// Elements the consumer has processed so far.
    public var processedCount: Int { progress.processed }

    /// Ends the source and waits until the consumer task has delivered everything and ended.
    @discardableResult
    public func finish() -> ConsumerTask.Ending {
        source.finish()
        return consumer.awaitEnd()
    }

    /// Cancels the consumer task and waits until it has ended; then ends the source, so that a sender
    /// waiting on it returns.
    @discardableResult
    public func cancel() -> ConsumerTask.Ending {
        consumer.cancel()
        let end = consumer.awaitEnd()
        source.finish()
        return end
    }
}

/// An `AsyncStream` pipeline (``StreamSource``).
public typealias StreamPipeline<Element> = AsyncPipeline<StreamSource<Element>>

/// An `AsyncChannel` pipeline (``ChannelSource``).
public typealias ChannelPipeline<Element: Sendable> = AsyncPipeline<ChannelSource<Element>>
