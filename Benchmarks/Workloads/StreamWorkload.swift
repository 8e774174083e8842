import Harness
import Implementations
import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// A workload that pushes a stream of elements through one operator chain: described once, as a plain
/// loop, a Combine pipeline for any style, and an Rx pipeline.
public protocol StreamWorkload: Workload {
    /// What the source sends, by index: the seeded Ints themselves, unless the workload feeds a table
    /// made from them (another element type, a narrowed range).
    associatedtype Inputs: InputTable = SeededInput
    associatedtype Output: Checksummable
    /// What the hand-written loop carries from one batch to the next (a running sum, counts).
    associatedtype LoopCarry = Void

    /// Makes what the source sends. Called when a cell is made, before any measured region (its
    /// allocations count neither as the subscription's nor as the elements').
    func makeInputs(_ input: SeededInput) -> Inputs
    func makeLoopCarry() -> LoopCarry
    /// The hand-written loop: the floor.
    func loop(input: Inputs, range: Range<Int>, sink: OutputSink, carry: inout LoopCarry)
    /// The hand-written loop's end of stream (e.g. a histogram emits here).
    func loopFinish(sink: OutputSink, carry: inout LoopCarry)

    func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, source: PassthroughSubject<Inputs.Element, Never>, output: CombineOutput<Output>
    ) throws

    func buildRx(source: PublishSubject<Inputs.Element>) -> Observable<Output>

    /// How the Combine-family downstream signals demand (`.unlimited` unless the workload sweeps it).
    var demand: DemandPolicy { get }
    /// ``ConsumerWork`` rounds the Combine-family downstream does per value (0: none; the `demand`
    /// workload's slow-consumer rows).
    var consumerRounds: Int { get }

    /// Sends units `range` of `inputs` to `source`, stamping `sink.sentAt` before each send in latency
    /// mode. Written once, below. It is a requirement only so that every conformance gets a copy
    /// specialised for its element type: the cells are generic classes, whose methods run unspecialised,
    /// and an unspecialised send costs a runtime metadata lookup per element (Rx `map` went from 128 to
    /// 230 ns per element that way).
    func send(_ range: Range<Int>, of inputs: Inputs, to source: PassthroughSubject<Inputs.Element, Never>, sink: OutputSink)
    /// As above, for the Rx family.
    func send(_ range: Range<Int>, of inputs: Inputs, to source: PublishSubject<Inputs.Element>, sink: OutputSink)
}

extension StreamWorkload where LoopCarry == Void {
    public func makeLoopCarry() {}
}

extension StreamWorkload where Inputs == SeededInput {
    public func makeInputs(_ input: SeededInput) -> SeededInput { input }
}

extension StreamWorkload {
    public var unit: MeasuredUnit { .element }
    public var demand: DemandPolicy { .unlimited }
    public var consumerRounds: Int { 0 }

    public func loopFinish(sink: OutputSink, carry: inout LoopCarry) {}

    public func send(
        _ range: Range<Int>, of inputs: Inputs, to source: PassthroughSubject<Inputs.Element, Never>, sink: OutputSink
    ) {
        if sink.latency == nil {
            for index in range {
                source.send(inputs[index])
            }
        } else {
            for index in range {
                sink.sentAt = Clock.now()
                source.send(inputs[index])
            }
        }
    }

    public func send(_ range: Range<Int>, of inputs: Inputs, to source: PublishSubject<Inputs.Element>, sink: OutputSink) {
        if sink.latency == nil {
            for index in range {
                source.on(.next(inputs[index]))
            }
        } else {
            for index in range {
                sink.sentAt = Clock.now()
                source.on(.next(inputs[index]))
            }
        }
    }

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
    private let input: W.Inputs
    private var carry: W.LoopCarry

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = workload.makeInputs(input)
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
    private let input: W.Inputs
    private var source: PassthroughSubject<W.Inputs.Element, Never>?

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = workload.makeInputs(input)
    }

    func setUp() throws {
        let source = PassthroughSubject<W.Inputs.Element, Never>()
        let output = CombineOutput<W.Output>(sink: sink, demand: workload.demand, consumerRounds: workload.consumerRounds)
        try workload.buildCombine(Style.self, source: source, output: output)
        self.source = source
    }

    func run(from start: Int, count: Int) {
        workload.send(start..<(start + count), of: input, to: source!, sink: sink)
    }

    func tearDown() {
        source?.send(completion: .finished)
        source = nil
    }
}

final class RxStreamCell<W: StreamWorkload>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: W.Inputs
    private var source: PublishSubject<W.Inputs.Element>?
    private var subscription: Disposable?

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = workload.makeInputs(input)
    }

    func setUp() {
        let source = PublishSubject<W.Inputs.Element>()
        subscription = workload.buildRx(source: source).subscribe(RxOutput(sink: sink))
        self.source = source
    }

    func run(from start: Int, count: Int) {
        workload.send(start..<(start + count), of: input, to: source!, sink: sink)
    }

    func tearDown() {
        source?.on(.completed)
        subscription?.dispose()
        subscription = nil
        source = nil
    }
}
