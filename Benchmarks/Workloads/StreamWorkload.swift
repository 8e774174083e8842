import Harness
import Implementations
import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// A workload that pushes a stream of elements through one operator chain: described once, as a plain
/// loop, a Combine pipeline for any style, and an Rx pipeline.
public protocol StreamWorkload: Workload {
    associatedtype Output: Checksummable
    /// What the hand-written loop carries from one batch to the next (a running sum, counts).
    associatedtype LoopCarry = Void

    func makeLoopCarry() -> LoopCarry
    /// The hand-written loop: the floor.
    func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, carry: inout LoopCarry)
    /// The hand-written loop's end of stream (e.g. a histogram emits here).
    func loopFinish(sink: OutputSink, carry: inout LoopCarry)

    func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Int, Never>, output: CombineOutput<Output>
    ) throws

    func buildRx(source: PublishSubject<Int>) -> Observable<Output>

    /// How the Combine-family downstream signals demand (`.unlimited` unless the workload sweeps it).
    var demand: DemandPolicy { get }
}

extension StreamWorkload where LoopCarry == Void {
    public func makeLoopCarry() {}
}

extension StreamWorkload {
    public var unit: MeasuredUnit { .element }
    public var demand: DemandPolicy { .unlimited }

    public func loopFinish(sink: OutputSink, carry: inout LoopCarry) {}

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop:
            return LoopStreamCell(workload: self, input: input)
        case .rx:
            return RxStreamCell(workload: self, input: input)
        case .combine:
            return makeCombineCell(implementation.combineStyle!, input: input)
        }
    }

    private func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        CombineStreamCell<Self, Style>(workload: self, input: input)
    }
}

// MARK: - Cells

final class LoopStreamCell<W: StreamWorkload>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private var carry: W.LoopCarry

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = input
        self.carry = workload.makeLoopCarry()
    }

    func setUp() {
        carry = workload.makeLoopCarry()
    }

    func run(from start: Int, count: Int) {
        if sink.latency == nil {
            workload.loop(input: input, range: start..<(start + count), sink: sink, carry: &carry)
        } else {
            for index in start..<(start + count) {
                sink.sentAt = Clock.now()
                workload.loop(input: input, range: index..<(index + 1), sink: sink, carry: &carry)
            }
        }
    }

    func tearDown() {
        workload.loopFinish(sink: sink, carry: &carry)
        sink.receiveCompletion()
    }
}

final class CombineStreamCell<W: StreamWorkload, Style: CombineOperatorStyle>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private var source: PassthroughSubject<Int, Never>?

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = input
    }

    func setUp() throws {
        let source = PassthroughSubject<Int, Never>()
        try workload.buildCombine(Style.self, source: source, output: CombineOutput(sink: sink, demand: workload.demand))
        self.source = source
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        let input = self.input
        if sink.latency == nil {
            for index in start..<(start + count) {
                source.send(input[index])
            }
        } else {
            for index in start..<(start + count) {
                sink.sentAt = Clock.now()
                source.send(input[index])
            }
        }
    }

    func tearDown() {
        source?.send(completion: .finished)
        source = nil
    }
}

final class RxStreamCell<W: StreamWorkload>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private var source: PublishSubject<Int>?
    private var subscription: Disposable?

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = input
    }

    func setUp() {
        let source = PublishSubject<Int>()
        subscription = workload.buildRx(source: source).subscribe(RxOutput(sink: sink))
        self.source = source
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        let input = self.input
        if sink.latency == nil {
            for index in start..<(start + count) {
                source.on(.next(input[index]))
            }
        } else {
            for index in start..<(start + count) {
                sink.sentAt = Clock.now()
                source.on(.next(input[index]))
            }
        }
    }

    func tearDown() {
        source?.on(.completed)
        subscription?.dispose()
        subscription = nil
        source = nil
    }
}
