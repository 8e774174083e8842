import AsyncSequenceStyle
import Dispatch
import Harness
import CombineFramework
import RxCore
import RxSinks
import StyleKit

/// A thread hop: subject -> map -> a serial `DispatchQueue` -> sink, the sink running on the queue.
///
/// - Combine rows: each style's `map`, then the library's own `receive(on:)` with the queue as its
///   scheduler (``Dispatch/DispatchQueue/combineScheduler``; no style writes a scheduler operator of its own).
/// - `rxSink`: `map`, then `observe(on:)` a `SerialDispatchQueueScheduler` (RxSwift's serial-queue
///   sink, `Sources/RxSinks/ObserveOn.swift`).
/// - `baseline`: `map` on the sending thread, then `DispatchQueue.async` per value: the hop alone.
///
/// Throughput: `run` returns only once the queue has received everything it sent, so ns per element
/// is the pipeline's throughput across the hop, whichever side is slower. Latency: the latency
/// repetition sends one value at a time and waits for it, so every percentile is one value's real
/// send-to-receive time across an otherwise idle hop, queue wake-up included (see ``HopReceiver``).
/// The serial queue keeps the order, so the checksum is `map`'s.
///
/// Allocations: every element allocates in every row, the baseline included, because the hop does:
/// `DispatchQueue.async` takes a closure (a context) and on Linux copies it into a block, and
/// libdispatch's continuation comes from a per-thread cache that the receiving thread refills, so the
/// sender mostly mallocs it. RxSwift's scheduler adds a `SingleAssignmentDisposable` per event (with the
/// `NSLock` of its `AtomicInt`: three allocations), and
/// OpenCombine's `receive(on:)` a closure around each value. No other workload allocates per element.
///
/// `retained_bytes` is not a leak detector here: libdispatch keeps the continuations a worker thread
/// frees in a cache of that thread's (up to 1024, 64 KiB; docs/WORKLOADS.md) that only grows, so a repetition in which
/// a worker thread's cache grew reports the growth (multiples of 64 bytes), in some runs and not others.
/// The pipeline itself is released by the queue drain in `tearDown` (for Rx, `ObserveOnTests` check it).
public struct AsyncHopWorkload: Workload {
    public let name = "asyncHop"
    public let summary = "subject -> map -> receive(on:)/observe(on:) a serial DispatchQueue -> sink"
    public let unit = MeasuredUnit.element
    public let operators: [OperatorID] = [.map]
    /// Measured: two runs' counts differed by up to 1.1% per element and 4% per subscription.
    /// Two default runs of one build put its rows -23% to +78% apart (results/reproducibility): the
    /// receiving thread's wake-up decides its time, not the style.
    public let rankingMargin = 1.0
    public let usesASecondThread = true
    public let unrepeatableInstructionsReason: String? =
        "no instruction counts: the queue's thread waits and wakes differently in every run, and callgrind counts it"

    public init() {}

    public func unsupportedReason(for implementation: Implementation) -> String? {
        if implementation.family == .simpleCombine {
            return "SimpleCombine has no scheduler and no receive(on:): nothing in it hops a thread"
        }
        return defaultUnsupportedReason(for: implementation)
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        MapWorkload().reference(input: input, count: count)
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop: return HopCell<DispatchHop>(input: input)
        case .rx: return HopCell<ObserveOnHop>(input: input)
        case .combine: return implementation.makeCombineCell(for: self, input: input)
        case .asyncSequence: return HopCell<AsyncStreamHop>(input: input)
        case .simpleCombine: preconditionFailure("simpleCombine's asyncHop cell is unsupported")
        }
    }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        HopCell<ReceiveOnHop<Style>>(input: input)
    }
}

// MARK: - Cell

/// A pipeline that hops to `queue` and ends in `receiver`.
private protocol HopPipeline {
    init(queue: DispatchQueue, receiver: HopReceiver) throws
    func send(_ value: Int)
    /// Sends the completion; it reaches the receiver later, on the queue.
    func finish()
}

private final class HopCell<Pipeline: HopPipeline>: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let receiver: HopReceiver
    private var queue: DispatchQueue?
    private var pipeline: Pipeline?

    init(input: SeededInput) {
        self.input = input
        receiver = HopReceiver(sink: sink)
    }

    func setUp() throws {
        let queue = DispatchQueue(label: "reactive-bench.asyncHop")
        pipeline = try Pipeline(queue: queue, receiver: receiver)
        self.queue = queue
    }

    func run(from start: Int, count: Int) {
        let pipeline = self.pipeline!
        if sink.latency == nil {
            for index in start..<(start + count) {
                pipeline.send(input[index])
            }
            receiver.awaitDelivery(of: count)
        } else {
            // One value in flight at a time (see HopReceiver): each latency is one trip across the hop.
            for index in start..<(start + count) {
                sink.sentAt = Clock.now()
                pipeline.send(input[index])
                receiver.awaitDelivery(of: 1)
            }
        }
    }

    func tearDown() {
        guard let pipeline, let queue else { return }
        pipeline.finish()
        receiver.awaitCompletion()
        // The queue's blocks hold the pipeline's inners and events until they finish: drain it, so
        // that whatever the pipeline still holds when teardown ends is really retained.
        queue.sync {}
        self.pipeline = nil
        self.queue = nil
    }
}

// MARK: - Pipelines

/// The floor: map, then `DispatchQueue.async` with the value.
private struct DispatchHop: HopPipeline {
    let queue: DispatchQueue
    let receiver: HopReceiver

    init(queue: DispatchQueue, receiver: HopReceiver) {
        self.queue = queue
        self.receiver = receiver
    }

    func send(_ value: Int) {
        let receiver = self.receiver
        let mapped = Transforms.map(value)
        queue.async { receiver.deliver(mapped) }
    }

    func finish() {
        let receiver = self.receiver
        queue.async { receiver.complete() }
    }
}

private final class ReceiveOnHop<Style: CombineOperatorStyle>: HopPipeline {
    private let source = PassthroughSubject<Int, Never>()

    init(queue: DispatchQueue, receiver: HopReceiver) throws {
        try Style.map(source, { Transforms.map($0) }, into: ReceiveOnQueue(queue: queue, receiver: receiver))
    }

    func send(_ value: Int) {
        source.send(value)
    }

    func finish() {
        source.send(completion: .finished)
    }
}

private final class ObserveOnHop: HopPipeline {
    private let source = PublishSubject<Int>()
    private let subscription: Disposable

    init(queue: DispatchQueue, receiver: HopReceiver) {
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        subscription = source.map { Transforms.map($0) }.observe(on: scheduler).subscribe(receiver)
    }

    deinit {
        subscription.dispose()
    }

    func send(_ value: Int) {
        source.on(.next(value))
    }

    func finish() {
        source.on(.completed)
    }
}

/// `asyncSequence`'s hop is its every cell's: an unbounded `AsyncStream` -> `map` -> `for await` in a
/// task on the global concurrent executor (no queue: the task's executor is the other side of the hop).
private final class AsyncStreamHop: HopPipeline {
    private let pipeline: StreamPipeline<Int>

    init(queue: DispatchQueue, receiver: HopReceiver) {
        pipeline = StreamPipeline(StreamSource(), into: AsyncHopReceiver(receiver: receiver)) {
            AsyncSequenceOperators.map($0) { Transforms.map($0) }
        }
        pipeline.awaitConsumerReady()
    }

    func send(_ value: Int) {
        pipeline.source.send(value)
    }

    func finish() {
        pipeline.source.finish()
    }
}

/// Hands what the consumer task receives to the ``HopReceiver``.
private final class AsyncHopReceiver: AsyncDownstream {
    let receiver: HopReceiver

    init(receiver: HopReceiver) {
        self.receiver = receiver
    }

    func receive(_ value: Int) {
        receiver.deliver(value)
    }

    func receiveCompletion() {
        receiver.complete()
    }
}

/// Ends a built Combine pipeline in `receive(on:)` the queue, then the receiver.
private struct ReceiveOnQueue: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let queue: DispatchQueue
    let receiver: HopReceiver

    func consume<P: Publisher>(_ publisher: P) where P.Output == Int, P.Failure == Never {
        publisher.receive(on: queue.combineScheduler).subscribe(receiver)
    }
}
