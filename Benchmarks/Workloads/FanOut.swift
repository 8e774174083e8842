import AsyncAlgorithms
import AsyncSequenceStyle
import Harness
import CombineFramework
import RxCore
import RxSinks
import SimpleCombine
import SimpleCombineOperators
import StyleKit
import Subjects

/// Fan-out: one subject, N subscribers, each behind its own `map` stage (subject -> map -> sink, N
/// times), every element delivered to every subscriber. The unit is one delivery (an element reaching
/// one subscriber), so ns per unit compares across N; the CSV's `unit` column says `element`.
///
/// The subject is what this workload measures, and rows stay implementations: each row's subject is
/// fixed by the scenario and the row's family, and the subscriber count is the swept parameter.
/// - `fanOut (N)`: each family's own subject, the one every other workload sends into: OpenCombine's
///   `PassthroughSubject` for the Combine rows (`builtin` is the library alone), the Rx core's
///   `PublishSubject` for `rxSink`.
///   `asyncSequence` has no subject: its `fanOut (N)` is one `AsyncStream` shared by async-algorithms'
///   `share()` and iterated by N consumer tasks (``AsyncFanOutCell``).
/// - `fanOutCustomSubject (N)`: the custom-subject pattern's `CustomSubject` for the Combine rows; `rxSink`,
///   `simpleCombine` and `asyncSequence` are `unsupported` (their own subjects are measured in `fanOut`).
///
/// So a subject's scaling series is one scenario x one row: `PassthroughSubject` is `fanOut` x
/// `builtin`, `PublishSubject` is `fanOut` x `rxSink`, `CustomSubject` is `fanOutCustomSubject` x
/// `builtin`; the other Combine rows show what each style's `map` adds behind the same subject.
/// Element `k` is units `k*N ..< (k+1)*N` and is sent by the `run` that holds its first unit.
public struct FanOutWorkload: Workload {
    /// The subject the subscribers share.
    public enum Source: String, Sendable, CaseIterable {
        /// `PassthroughSubject` for the Combine family, `PublishSubject` for the Rx family.
        case familySubject
        /// The custom-subject pattern's `CustomSubject` (Combine family only).
        case customSubject
    }

    public static let subscriberCounts = [1, 10, 100, 1000]

    /// Every subject and subscriber count `run --full` measures; the default run keeps 100.
    public static let sweep: [FanOutWorkload] = Source.allCases.flatMap { source in
        subscriberCounts.map { FanOutWorkload(source, subscribers: $0) }
    }

    public let source: Source
    public let subscribers: Int
    public let operators: [OperatorID] = [.map]
    public let unit = MeasuredUnit.element

    public init(_ source: Source, subscribers: Int) {
        precondition(subscribers > 0, "fanOut needs at least one subscriber")
        self.source = source
        self.subscribers = subscribers
    }

    public var name: String { "\(scenario) (\(subscribers))" }
    public var scenario: String { source == .familySubject ? "fanOut" : "fanOutCustomSubject" }
    public var sweepAxis: SweepAxis? { .subscriber }
    public var parameter: String? { String(subscribers) }
    public var parameterTitle: String? { "subscribers" }
    public var summary: String {
        let subject = source == .familySubject ? "the family's subject" : "CustomSubject"
        return "\(subject) -> map -> sink for each of \(subscribers) subscribers; per delivery (element x subscriber)"
    }

    public func unsupportedReason(for implementation: Implementation) -> String? {
        if source == .customSubject && implementation.family == .rx {
            return "CustomSubject is a Combine subject: the Rx family's PublishSubject runs in fanOut"
        }
        if source == .customSubject && implementation.family == .simpleCombine {
            return "CustomSubject is an OpenCombine subject: SimpleCombine's own subject runs in fanOut"
        }
        if source == .customSubject && implementation.family == .asyncSequence {
            return "CustomSubject is an OpenCombine subject: asyncSequence's fan-out (an AsyncStream shared by "
                + "async-algorithms' share()) runs in fanOut"
        }
        return defaultUnsupportedReason(for: implementation)
    }

    /// Every subscriber receives `map` of every element sent; the cell folds each subscriber's checksum.
    public func reference(input: SeededInput, count: Int) -> Checksum {
        var perSubscriber = Checksum()
        for index in Self.elements(units: 0..<count, subscribers: subscribers) {
            perSubscriber.combine(Transforms.map(input[index]))
        }
        var checksum = Checksum()
        for _ in 0..<subscribers {
            checksum.combine(Int(truncatingIfNeeded: perSubscriber.value))
        }
        return checksum
    }

    /// The elements whose first unit lies in `units`.
    public static func elements(units: Range<Int>, subscribers: Int) -> Range<Int> {
        let first = (units.lowerBound + subscribers - 1) / subscribers
        let end = (units.upperBound + subscribers - 1) / subscribers
        return first..<max(first, end)
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop: return LoopFanOutCell(input: input, subscribers: subscribers)
        case .rx: return RxFanOutCell(input: input, subscribers: subscribers)
        case .combine: return implementation.makeCombineCell(for: self, input: input)
        case .simpleCombine:
            return PushFanOutCell<SimplePassthroughSubject<Int, Never>>(
                input: input, subscribers: subscribers, makeSubject: SimplePassthroughSubject.init
            ) { subject, tally in
                subject.map { Transforms.map($0) }.subscribe(SimpleTallySubscriber(tally: tally))
            }
        case .asyncSequence: return AsyncFanOutCell(input: input, subscribers: subscribers)
        }
    }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        switch source {
        case .familySubject:
            PushFanOutCell<PassthroughSubject<Int, Never>>(
                input: input, subscribers: subscribers, makeSubject: PassthroughSubject.init
            ) { subject, tally in
                try Style.map(subject, { Transforms.map($0) }, into: SubscribeTally(tally: tally))
            }
        case .customSubject:
            PushFanOutCell<CustomSubject<Int, Never>>(
                input: input, subscribers: subscribers, makeSubject: CustomSubject.init
            ) { subject, tally in
                try Style.map(subject, { Transforms.map($0) }, into: SubscribeTally(tally: tally))
            }
        }
    }
}

// MARK: - Cells

/// The floor: a list of N handlers, each applying the transform and folding the result.
private final class LoopFanOutCell: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let subscribers: Int
    private var tallies: [FanOutTally] = []

    init(input: SeededInput, subscribers: Int) {
        self.input = input
        self.subscribers = subscribers
    }

    func setUp() {
        tallies = (0..<subscribers).map { _ in FanOutTally(sink: sink) }
    }

    func run(from start: Int, count: Int) {
        let stamps = sink.latency != nil
        for index in FanOutWorkload.elements(units: start..<(start + count), subscribers: subscribers) {
            if stamps { sink.sentAt = Clock.now() }
            let value = input[index]
            for tally in tallies {
                _ = tally.receive(Transforms.map(value))
            }
        }
    }

    func tearDown() {
        FanOutTally.fold(tallies, into: sink)
        tallies = []
    }
}

/// A push family's subject with N subscribers (Combine, SimpleCombine), each subscribed by `subscribe`,
/// a closure made where the style is a concrete type.
private final class PushFanOutCell<Source: FanOutSubject>: Cell {
    /// Subscribes one subscriber's `map` pipeline, ending in its tally, to the subject.
    typealias Subscribe = (Source, FanOutTally) throws -> Void

    let sink = OutputSink()
    private let input: SeededInput
    private let subscribers: Int
    private let makeSubject: () -> Source
    private let subscribe: Subscribe
    private var subject: Source?
    private var tallies: [FanOutTally] = []

    init(input: SeededInput, subscribers: Int, makeSubject: @escaping () -> Source, subscribe: @escaping Subscribe) {
        self.input = input
        self.subscribers = subscribers
        self.makeSubject = makeSubject
        self.subscribe = subscribe
    }

    func setUp() throws {
        let subject = makeSubject()
        for _ in 0..<subscribers {
            let tally = FanOutTally(sink: sink)
            try subscribe(subject, tally)
            tallies.append(tally)
        }
        self.subject = subject
    }

    func run(from start: Int, count: Int) {
        let subject = self.subject!
        let stamps = sink.latency != nil
        for index in FanOutWorkload.elements(units: start..<(start + count), subscribers: subscribers) {
            if stamps { sink.sentAt = Clock.now() }
            subject.send(input[index])
        }
    }

    func tearDown() {
        subject?.finish()
        subject = nil
        FanOutTally.fold(tallies, into: sink)
        tallies = []
    }
}

/// A subject a ``PushFanOutCell`` sends into.
private protocol FanOutSubject: AnyObject {
    func send(_ value: Int)
    /// Sends the completion `.finished`.
    func finish()
}

extension PassthroughSubject: FanOutSubject where Output == Int, Failure == Never {}

extension CustomSubject: FanOutSubject where Output == Int, Failure == Never {
    func finish() { send(completion: .finished) }
}

extension SimplePassthroughSubject: FanOutSubject where Output == Int, Failure == Never {}

private final class RxFanOutCell: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let subscribers: Int
    private var subject: PublishSubject<Int>?
    private var subscriptions: [Disposable] = []
    private var tallies: [FanOutTally] = []

    init(input: SeededInput, subscribers: Int) {
        self.input = input
        self.subscribers = subscribers
    }

    func setUp() {
        let subject = PublishSubject<Int>()
        for _ in 0..<subscribers {
            let tally = FanOutTally(sink: sink)
            subscriptions.append(subject.map { Transforms.map($0) }.subscribe(tally))
            tallies.append(tally)
        }
        self.subject = subject
    }

    func run(from start: Int, count: Int) {
        let subject = self.subject!
        let stamps = sink.latency != nil
        for index in FanOutWorkload.elements(units: start..<(start + count), subscribers: subscribers) {
            if stamps { sink.sentAt = Clock.now() }
            subject.on(.next(input[index]))
        }
    }

    func tearDown() {
        subject?.on(.completed)
        for subscription in subscriptions {
            subscription.dispose()
        }
        subscriptions = []
        subject = nil
        FanOutTally.fold(tallies, into: sink)
        tallies = []
    }
}

// MARK: -

/// Subscribes a built pipeline to one subscriber's tally.
private struct SubscribeTally: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let tally: FanOutTally

    func consume<P: Publisher>(_ publisher: P) where P.Output == Int, P.Failure == Never {
        publisher.subscribe(tally)
    }
}

// MARK: - asyncSequence

/// `fanOut` in the `asyncSequence` row: one `AsyncStream` fed from the measuring thread, shared by
/// async-algorithms' `share()` (its default `.bounded(1)` buffer: the stream is read as fast as the
/// slowest consumer takes), and N consumer tasks, each iterating `map` of the shared sequence with
/// `for await` into a subscriber's end of its own: how code moving a `PassthroughSubject` with N
/// subscribers to Swift concurrency writes it. `share()` iterates the stream in a task of its own, so an
/// element crosses two hops: to that task, then to each consumer's.
///
/// Set-up makes the stream, the shared sequence and the N tasks, and waits until each has asked for its
/// first element (a consumer joins `share()` when its iterator is made, before that request, so none
/// misses an element). `run` returns once every consumer has processed every element sent (a
/// ``ConsumptionProgress`` each). In latency mode it sends one element at a time and waits for all N: each
/// consumer notes when the element reached it, and the measuring thread records the N latencies once they
/// are all in, because the consumers run on two threads at once and the sink takes one at a time.
private final class AsyncFanOutCell: Cell {
    private struct Consumer {
        let task: ConsumerTask
        let progress: ConsumptionProgress
        let end: AsyncFanOutEnd
    }

    let sink = OutputSink()
    private let input: SeededInput
    private let subscribers: Int
    private var source: StreamSource<Int>?
    private var consumers: [Consumer] = []
    private var sentCount = 0

    init(input: SeededInput, subscribers: Int) {
        self.input = input
        self.subscribers = subscribers
    }

    deinit {
        // A cell dropped while its tasks run must not leave them waiting for elements forever.
        for consumer in consumers {
            consumer.task.cancel()
        }
        source?.finish()
    }

    func setUp() {
        let source = StreamSource<Int>()
        let shared = source.elements.share()
        for _ in 0..<subscribers {
            let progress = ConsumptionProgress()
            let end = AsyncFanOutEnd(sink: sink)
            let elements = CountingSequence(shared, progress: progress).map { Transforms.map($0) }
            consumers.append(Consumer(task: .iterating(elements, into: end, progress: progress), progress: progress, end: end))
        }
        for consumer in consumers {
            consumer.progress.awaitFirstRequest()
        }
        self.source = source
    }

    func run(from start: Int, count: Int) {
        let input = self.input
        let source = self.source!
        let elements = FanOutWorkload.elements(units: start..<(start + count), subscribers: subscribers)
        if sink.latency == nil {
            sentCount += source.send(elements.lazy.map { input[$0] })
            awaitConsumers()
            return
        }
        let state = sink.state
        for index in elements {
            let sentAt = Clock.now()
            guard source.send(input[index]) else { return }
            sentCount += 1
            awaitConsumers()
            for consumer in consumers {
                state.pointee.latency!.record(nanoseconds: consumer.end.receivedAt &- sentAt)
            }
        }
    }

    func tearDown() {
        source?.finish()
        source = nil
        let endings = consumers.map { $0.task.awaitEnd() }
        if endings.allSatisfy({ $0 == .finished }) {
            FanOutTally.fold(checksums: consumers.lazy.map(\.end.checksum), into: sink)
        }
        consumers = []
    }

    /// Waits until every consumer has processed every element sent (or has stopped).
    private func awaitConsumers() {
        for consumer in consumers {
            consumer.progress.awaitProcessed(sentCount)
        }
    }
}

/// The end of one consumer's pipeline in ``AsyncFanOutCell``: its own checksum and, in latency mode, when
/// the last element reached it. Written by its consumer task only; the measuring thread reads it once that
/// consumer's ``ConsumptionProgress`` (release/acquire) says the element was processed, or once the task
/// ended. It reads whether the sink is in latency mode as ``AsyncOutput`` does: the measuring thread sets
/// that between repetitions, before the send that wakes the task.
private final class AsyncFanOutEnd: AsyncDownstream {
    private let sink: OutputSink
    private(set) var checksum = Checksum()
    private(set) var receivedAt: UInt64 = 0

    init(sink: OutputSink) {
        self.sink = sink
    }

    @inline(__always)
    func receive(_ value: Int) {
        if sink.state.pointee.latency != nil { receivedAt = Clock.now() }
        value.fold(into: &checksum)
    }

    func receiveCompletion() {}
}
