import DirectSources
import CombineFramework
import RxCore
import SimpleCombine
import StyleKit

/// A workload with two sources, a primary and a secondary, driven from the same seeded input by a
/// ``TwoInputSchedule`` (the secondary sends before every `period`-th primary element); one unit is one
/// primary element. Described once, as ``StreamWorkload`` is: a hand-written operator for the loop, a
/// Combine pipeline for any style and an Rx pipeline, each over two sources of either kind
/// (``SourceKind``). At the end the primary completes first, then the secondary.
public protocol TwoInputWorkload: SourcedWorkload {
    associatedtype Output: Checksummable
    /// What the hand-written operator keeps between events (the latest secondary value, a pending one).
    associatedtype LoopState

    var schedule: TwoInputSchedule { get }

    func makeLoopState() -> LoopState
    /// The hand-written operator: what it does with one event.
    func loopStep(_ event: TwoInputSchedule.Event, sink: OutputSink, state: inout LoopState)
    /// The hand-written operator's end of both streams (e.g. `sample` emits what is pending).
    func loopFinish(sink: OutputSink, state: inout LoopState)

    /// Builds the operator of `style` over `primary` and `secondary` and subscribes `output` to it.
    func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, primary: Source, secondary: Source, output: CombineOutput<Output>
    ) throws where Source.Output == Int, Source.Failure == Never

    /// The operator over `primary` and `secondary`, in either Rx library.
    func buildRx<Rx: RxLibrary>(primary: RxObservable<Rx, Int>, secondary: RxObservable<Rx, Int>) -> RxObservable<Rx, Output>

    /// Builds the operator of `simpleCombine` over `primary` and `secondary` and subscribes `output`.
    func buildSimpleCombine<Source: SimplePublisher>(
        primary: Source, secondary: Source, output: SimpleCombineOutput<Output>
    ) where Source.Output == Int, Source.Failure == Never

    /// The hand-written loop over primary elements `range`: the schedule, with ``loopStep(_:sink:state:)``
    /// per event. Written once, below; a requirement only so that each conformance gets a copy in which
    /// its own `loopStep` is inlined (the cells are generic classes, whose methods run unspecialised).
    func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, state: inout LoopState)
}

extension TwoInputWorkload {
    public var unit: MeasuredUnit { .element }

    public func loopFinish(sink: OutputSink, state: inout LoopState) {}

    public func loop(input: SeededInput, range: Range<Int>, sink: OutputSink, state: inout LoopState) {
        schedule.forEach(
            range, of: input,
            secondary: { loopStep(.secondary($0), sink: sink, state: &state) },
            primary: { loopStep(.primary($0), sink: sink, state: &state) }
        )
    }

    /// The cell of `implementation` over this workload's sources. Each source is a concrete type here, and
    /// so is each Combine style (``makeCombineCell(_:input:)``), so the closures that build the pipelines
    /// are specialised for this workload, the style and the source.
    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch (implementation.family, source) {
        case (.loop, _):
            return TwoInputLoopCell(workload: self, input: input)
        case (.rx, _):
            return rxIntSource(implementation, source, TwoInputRxCellMaker(workload: self, input: input))
        case (.combine, _):
            return implementation.makeCombineCell(for: self, input: input)
        case (.simpleCombine, .subject):
            return makeSimpleCombineCell(SimplePassthroughSubject<Int, Never>.self, input)
        case (.simpleCombine, .direct):
            return makeSimpleCombineCell(SimpleDirectPublisher<Int, Never>.self, input)
        case (.asyncSequence, _):
            preconditionFailure("asyncSequence has no two-input operator: its cells are unsupported")
        }
    }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        switch source {
        case .subject: makeCombineCell(style, PassthroughSubject<Int, Never>.self, input)
        case .direct: makeCombineCell(style, DirectPublisher<Int, Never>.self, input)
        }
    }

    func makeCombineCell<Style: CombineOperatorStyle, Source: TwoInputPushSource & Publisher>(
        _ style: Style.Type, _ source: Source.Type, _ input: SeededInput
    ) -> any Cell where Source.Failure == Never {
        let workload = self
        return TwoInputPushCell<Self, Source>(workload: self, input: input) { primary, secondary, sink in
            try workload.buildCombine(Style.self, primary: primary, secondary: secondary, output: CombineOutput(sink: sink))
        }
    }

    private func makeSimpleCombineCell<Source: TwoInputPushSource & SimplePublisher>(
        _ source: Source.Type, _ input: SeededInput
    ) -> any Cell where Source.Failure == Never {
        TwoInputPushCell<Self, Source>(workload: self, input: input) { primary, secondary, sink in
            buildSimpleCombine(primary: primary, secondary: secondary, output: SimpleCombineOutput(sink: sink))
        }
    }
}

// MARK: -

/// Makes a ``TwoInputRxCell`` for the source type, and so the library, it is given as a concrete type.
private struct TwoInputRxCellMaker<W: TwoInputWorkload>: RxIntSourceVisitor {
    let workload: W
    let input: SeededInput

    func visit<Source: TwoInputRxSource>(_ source: Source.Type) -> any Cell {
        let workload = self.workload
        return TwoInputRxCell<W, Source>(workload: workload, input: input) { primary, secondary, sink in
            workload.buildRx(primary: primary.observable, secondary: secondary.observable).subscribe(sink)
        }
    }
}
