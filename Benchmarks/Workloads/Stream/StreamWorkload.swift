import AsyncSequenceStyle
import DirectSources
import Harness
import CombineFramework
import RxCore
import SimpleCombine
import StyleKit
#if REACTIVE_BENCH_RXSWIFT
import RxSwift
#endif

/// A workload that pushes a stream of elements through one operator chain: described once, as a plain
/// loop, a Combine pipeline for any style, a SimpleCombine pipeline and an Rx pipeline, each over any
/// source (``SourceKind``), and an async pipeline over an `AsyncStream`.
public protocol StreamWorkload: SourcedWorkload {
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

    /// Builds the pipeline of `style` over `source` and subscribes `output` to it, keeping its full
    /// static type.
    func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<Output>
    ) throws where Source.Output == Inputs.Element, Source.Failure == Never

    /// The pipeline over `source`, in either Rx library.
    func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Inputs.Element>) -> RxObservable<Rx, Output>

    /// Builds the pipeline of `simpleCombine` over `source` and subscribes `output` to it.
    func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<Output>)
    where Source.Output == Inputs.Element, Source.Failure == Never

    /// Builds the pipeline of `asyncSequence` over `builder.base` and hands it to `builder`.
    func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Inputs.Element, Builder.Input == Output

    /// How the Combine-family downstream signals demand (`.unlimited` unless the workload sweeps it).
    var demand: DemandPolicy { get }
    /// ``ConsumerWork`` rounds the Combine-family downstream does per value (0: none; the `demand`
    /// workload's slow-consumer rows).
    var consumerRounds: Int { get }

    /// Sends units `range` of `inputs` to `source`, stamping `sink.sentAt` before each send in latency
    /// mode. Written once, below, for each source type. It is a requirement only so that every
    /// conformance gets a copy specialised for its element type and source: the cells are generic
    /// classes, whose methods run unspecialised, and an unspecialised send costs a runtime metadata
    /// lookup per element (Rx `map` went from 128 to 230 ns per element that way).
    func send(_ range: Range<Int>, of inputs: Inputs, to source: PassthroughSubject<Inputs.Element, Never>, sink: OutputSink)
    /// As above, into the direct source, whose `send` is inlined here.
    func send(_ range: Range<Int>, of inputs: Inputs, to source: DirectPublisher<Inputs.Element, Never>, sink: OutputSink)
    /// As above, for the Rx family.
    func send(_ range: Range<Int>, of inputs: Inputs, to source: RxCore.PublishSubject<Inputs.Element>, sink: OutputSink)
    /// As above, into the Rx direct source.
    func send(_ range: Range<Int>, of inputs: Inputs, to source: DirectObservable<Inputs.Element>, sink: OutputSink)
    /// As above, into SimpleCombine's subject.
    func send(
        _ range: Range<Int>, of inputs: Inputs, to source: SimplePassthroughSubject<Inputs.Element, Never>, sink: OutputSink
    )
    /// As above, into SimpleCombine's direct source.
    func send(_ range: Range<Int>, of inputs: Inputs, to source: SimpleDirectPublisher<Inputs.Element, Never>, sink: OutputSink)
    #if REACTIVE_BENCH_RXSWIFT
    /// As above, into RxSwift's subject (`RxSwiftLibrary.swift`).
    func send(_ range: Range<Int>, of inputs: Inputs, to source: RxSwift.PublishSubject<Inputs.Element>, sink: OutputSink)
    #endif
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
        send(range, of: inputs, sink: sink) { source.send($0) }
    }

    public func send(
        _ range: Range<Int>, of inputs: Inputs, to source: DirectPublisher<Inputs.Element, Never>, sink: OutputSink
    ) {
        send(range, of: inputs, sink: sink) { source.send($0) }
    }

    public func send(_ range: Range<Int>, of inputs: Inputs, to source: RxCore.PublishSubject<Inputs.Element>, sink: OutputSink) {
        send(range, of: inputs, sink: sink) { source.on(.next($0)) }
    }

    public func send(_ range: Range<Int>, of inputs: Inputs, to source: DirectObservable<Inputs.Element>, sink: OutputSink) {
        send(range, of: inputs, sink: sink) { source.on(.next($0)) }
    }

    public func send(
        _ range: Range<Int>, of inputs: Inputs, to source: SimplePassthroughSubject<Inputs.Element, Never>, sink: OutputSink
    ) {
        send(range, of: inputs, sink: sink) { source.send($0) }
    }

    public func send(
        _ range: Range<Int>, of inputs: Inputs, to source: SimpleDirectPublisher<Inputs.Element, Never>, sink: OutputSink
    ) {
        send(range, of: inputs, sink: sink) { source.send($0) }
    }

    /// The loop every `send` is: `deliver` each unit of `range`, timestamped in latency mode.
    @inline(__always)
    func send(_ range: Range<Int>, of inputs: Inputs, sink: OutputSink, _ deliver: (Inputs.Element) -> Void) {
        if sink.latency == nil {
            for index in range {
                deliver(inputs[index])
            }
        } else {
            for index in range {
                sink.sentAt = Clock.now()
                deliver(inputs[index])
            }
        }
    }

    /// The cell of `implementation` over this workload's source. Each source is a concrete type here, and
    /// so is each Combine style (``makeCombineCell(_:input:)``), so the closures that build the pipelines
    /// are specialised for this workload, the style and the source.
    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        makeStreamCell(for: implementation, input: input)
    }

    /// The cell ``makeCell(for:input:)`` makes: for a workload that makes some cells its own way and
    /// leaves the rest to this one (`demand`'s `AsyncChannel` rows).
    public func makeStreamCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch (implementation.family, source) {
        case (.loop, _):
            return LoopStreamCell(workload: self, input: input)
        case (.rx, _):
            return rxCellSource(implementation, source, RxStreamCellMaker(workload: self, input: input))
        case (.combine, _):
            return implementation.makeCombineCell(for: self, input: input)
        case (.simpleCombine, .subject):
            return makeSimpleCombineCell(SimplePassthroughSubject<Inputs.Element, Never>.self, input)
        case (.simpleCombine, .direct):
            return makeSimpleCombineCell(SimpleDirectPublisher<Inputs.Element, Never>.self, input)
        case (.asyncSequence, _):
            let buffering = demand.streamBuffering
            return makeAsyncCell(input) { StreamSource<Inputs.Element>(buffering: buffering) }
        }
    }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        switch source {
        case .subject: makeCombineCell(style, PassthroughSubject<Inputs.Element, Never>.self, input)
        case .direct: makeCombineCell(style, DirectPublisher<Inputs.Element, Never>.self, input)
        }
    }

    func makeCombineCell<Style: CombineOperatorStyle, Source: CombineCellSource>(
        _ style: Style.Type, _ source: Source.Type, _ input: SeededInput
    ) -> any Cell where Source.Output == Inputs.Element {
        let workload = self
        return PushStreamCell<Self, Source>(workload: self, input: input) { source, sink in
            let output = CombineOutput<Output>(sink: sink, demand: workload.demand, consumerRounds: workload.consumerRounds)
            try workload.buildCombine(Style.self, source: source, output: output)
        }
    }

    /// The `asyncSequence` cell over the source `makeSource` makes.
    func makeAsyncCell<Source: PipelineSource>(_ input: SeededInput, _ makeSource: @escaping () -> Source) -> any Cell
    where Source.Element == Inputs.Element {
        let consumerRounds = self.consumerRounds
        return AsyncStreamCell<Self, Source>(workload: self, input: input) { sink in
            buildAsync(StartAsyncPipeline(source: makeSource(), output: AsyncOutput<Output>(sink: sink, consumerRounds: consumerRounds)))
        }
    }

    private func makeSimpleCombineCell<Source: SimpleCombineCellSource>(_ source: Source.Type, _ input: SeededInput) -> any Cell
    where Source.Output == Inputs.Element {
        let (demand, consumerRounds) = (self.demand, self.consumerRounds)
        return PushStreamCell<Self, Source>(workload: self, input: input) { source, sink in
            buildSimpleCombine(
                source: source, output: SimpleCombineOutput(sink: sink, demand: demand, consumerRounds: consumerRounds)
            )
        }
    }
}

// MARK: -

/// Makes an ``RxStreamCell`` for the source type, and so the library, it is given as a concrete type.
private struct RxStreamCellMaker<W: StreamWorkload>: RxCellSourceVisitor {
    typealias Element = W.Inputs.Element

    let workload: W
    let input: SeededInput

    func visit<Source: RxCellSource>(_ source: Source.Type) -> any Cell where Source.Element == Element {
        let workload = self.workload
        return RxStreamCell<W, Source>(workload: workload, input: input) { source, sink in
            workload.buildRx(source: source.observable).subscribe(sink)
        }
    }
}
