import Harness
import Implementations
import OpenCombine
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
/// - `fanOutCustomSubject (N)`: seed 001's `CustomSubject` for the Combine rows; `rxSink` is
///   `unsupported` (the Rx family's subject is measured in `fanOut`).
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
        /// Seed 001's `CustomSubject` (Combine family only).
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
        if implementation.family == .asyncSequence {
            return "not measured yet: an AsyncStream has one consumer; fan-out needs async-algorithms' share() "
                + "iterated by N consumer tasks, a cell not written yet"
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
        case .combine: return makeCombineCell(implementation.combineStyle!, input: input)
        case .simpleCombine:
            return PushFanOutCell<SimplePassthroughSubject<Int, Never>>(
                input: input, subscribers: subscribers, makeSubject: SimplePassthroughSubject.init
            ) { subject, tally in
                subject.map(Transforms.map).subscribe(SimpleTallySubscriber(tally: tally))
            }
        case .asyncSequence: preconditionFailure("asyncSequence's fanOut cells are unsupported")
        }
    }

    private func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        switch source {
        case .familySubject:
            PushFanOutCell<PassthroughSubject<Int, Never>>(
                input: input, subscribers: subscribers, makeSubject: PassthroughSubject.init
            ) { subject, tally in
                try Style.map(subject, Transforms.map, into: SubscribeTally(tally: tally))
            }
        case .customSubject:
            PushFanOutCell<CustomSubject<Int, Never>>(
                input: input, subscribers: subscribers, makeSubject: CustomSubject.init
            ) { subject, tally in
                try Style.map(subject, Transforms.map, into: SubscribeTally(tally: tally))
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
            subscriptions.append(subject.map(Transforms.map).subscribe(tally))
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
