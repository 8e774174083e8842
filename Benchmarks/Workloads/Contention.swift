import Harness
import CombineFramework
import RxCore
import RxSinks
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// Two threads sending into one subject at once: subject -> map -> sink, each thread sending half of
/// every batch's units. Rows are the implementations that claim thread safety; the others are
/// `unsupported`.
///
/// - Combine rows: OpenCombine's `PassthroughSubject`, which takes its own lock to snapshot its
///   subscribers and then calls each one under that subscription's recursive lock, so two senders
///   meet on those locks (and on any lock the style's `map` takes).
/// - `rxSink`: RxSwift's grammar forbids concurrent `on` calls, and `PublishSubject` does not serialise
///   them (it dispatches to its observers outside its lock). RxSwift code that sends from two threads
///   serialises the senders itself; this row does what such code does, taking one lock around each
///   `on` (the Rx core's `RecursiveLock`, as RxSwift's own operators use). It measures the subject
///   behind that lock.
///
/// The interleaving differs from run to run, so the checksum is order-insensitive
/// (``UnorderedChecksum``: count, sum and xor of the mapped values), and the reference computes the
/// same fold. Latency is per element, from the sending thread's send to the sink, lock waits included.
/// The partner thread is borrowed when the cell is made and given back in `tearDown` (``SenderThreads``):
/// creating a thread is no part of a pipeline's set-up.
public struct ContentionWorkload: Workload {
    public let name = "contention"
    public let summary = "two threads send half each into subject -> map -> sink at once"
    public let unit = MeasuredUnit.element
    public let operators: [OperatorID] = [.map]
    public let usesASecondThread = true

    public init() {}

    public func unsupportedReason(for implementation: Implementation) -> String? {
        guard implementation.isThreadSafe else {
            return "\(implementation.id.rawValue) is not thread-safe: nothing serialises two senders"
        }
        if implementation.family == .asyncSequence {
            return "not measured yet: two threads can feed one AsyncStream, but this cell times each delivery on "
                + "its sender's thread, and the async consumer receives on a task that cannot tell the senders apart"
        }
        return defaultUnsupportedReason(for: implementation)
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var unordered = UnorderedChecksum()
        for index in 0..<count {
            unordered.combine(Transforms.map(input[index]))
        }
        return unordered.checksum
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop: preconditionFailure("the loop is not thread-safe: its contention cell is unsupported")
        case .rx: return ContentionCell<LockedPublishSubject>(input: input)
        case .combine: return implementation.makeCombineCell(for: self, input: input)
        case .simpleCombine: return ContentionCell<SimplePassthroughPipeline>(input: input)
        case .asyncSequence: preconditionFailure("asyncSequence's contention cell is unsupported")
        }
    }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        ContentionCell<PassthroughPipeline<Style>>(input: input)
    }
}

// MARK: - Cell

/// A pipeline whose `send` may be called from two threads at once.
private protocol ContentionPipeline: AnyObject {
    init(tally: ContentionTally) throws
    func send(_ value: Int)
    func finish()
}

private final class ContentionCell<Pipeline: ContentionPipeline>: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let tally: ContentionTally
    private var pipeline: Pipeline?
    private var partner: SenderThread?

    init(input: SeededInput) {
        self.input = input
        tally = ContentionTally(sink: sink)
        partner = SenderThreads.borrow()
    }

    deinit {
        // A cell whose set-up failed is never torn down.
        if let partner { SenderThreads.giveBack(partner) }
    }

    func setUp() throws {
        pipeline = try Pipeline(tally: tally)
        partner!.body = { [unowned self] range in
            self.send(range, fromPartner: true)
        }
        tally.partner = partner!.id
    }

    /// The partner sends the second half while this thread sends the first.
    func run(from start: Int, count: Int) {
        let middle = start + count / 2
        partner!.start(middle..<(start + count))
        send(start..<middle, fromPartner: false)
        partner!.wait()
    }

    func tearDown() {
        if let partner { SenderThreads.giveBack(partner) }
        partner = nil
        pipeline?.finish()
        pipeline = nil
    }

    private func send(_ range: Range<Int>, fromPartner: Bool) {
        let pipeline = self.pipeline!
        if sink.latency == nil {
            for index in range {
                pipeline.send(input[index])
            }
        } else {
            for index in range {
                tally.stampSend(fromPartner: fromPartner)
                pipeline.send(input[index])
            }
        }
    }
}

// MARK: - Pipelines

private final class PassthroughPipeline<Style: CombineOperatorStyle>: ContentionPipeline {
    private let source = PassthroughSubject<Int, Never>()

    init(tally: ContentionTally) throws {
        try Style.map(source, { Transforms.map($0) }, into: SubscribeContentionTally(tally: tally))
    }

    func send(_ value: Int) {
        source.send(value)
    }

    func finish() {
        source.send(completion: .finished)
    }
}

/// SimpleCombine's subject, which serialises the calls to each subscriber itself, as OpenCombine's does.
private final class SimplePassthroughPipeline: ContentionPipeline {
    private let source = SimplePassthroughSubject<Int, Never>()

    init(tally: ContentionTally) {
        source.map { Transforms.map($0) }.subscribe(SimpleTallySubscriber(tally: tally))
    }

    func send(_ value: Int) {
        source.send(value)
    }

    func finish() {
        source.send(completion: .finished)
    }
}

/// `PublishSubject` with the senders serialised by a lock, as RxSwift's grammar requires.
private final class LockedPublishSubject: ContentionPipeline {
    private let source = PublishSubject<Int>()
    private let lock = RecursiveLock()
    private let subscription: Disposable

    init(tally: ContentionTally) {
        subscription = source.map { Transforms.map($0) }.subscribe(tally)
    }

    deinit {
        subscription.dispose()
    }

    func send(_ value: Int) {
        lock.lock()
        source.on(.next(value))
        lock.unlock()
    }

    func finish() {
        lock.performLocked { source.on(.completed) }
    }
}

/// Subscribes a built pipeline to the tally.
private struct SubscribeContentionTally: PublisherConsumer {
    typealias Input = Int
    typealias Failure = Never

    let tally: ContentionTally

    func consume<P: Publisher>(_ publisher: P) where P.Output == Int, P.Failure == Never {
        publisher.subscribe(tally)
    }
}
