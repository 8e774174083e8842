import Implementations
import OpenCombine
import RxCore
import StyleKit

/// A workload with two sources, a primary and a secondary, driven from the same seeded input by a
/// ``TwoInputSchedule`` (the secondary sends before every `period`-th primary element); one unit is one
/// primary element. Described once, as ``StreamWorkload`` is: a hand-written operator for the loop, a
/// Combine pipeline for any style over two `PassthroughSubject`s, an Rx pipeline over two
/// `PublishSubject`s. At the end the primary completes first, then the secondary.
public protocol TwoInputWorkload: Workload {
    associatedtype Output: Checksummable
    /// What the hand-written operator keeps between events (the latest secondary value, a pending one).
    associatedtype LoopState

    var schedule: TwoInputSchedule { get }

    func makeLoopState() -> LoopState
    /// The hand-written operator: what it does with one event.
    func loopStep(_ event: TwoInputSchedule.Event, sink: OutputSink, state: inout LoopState)
    /// The hand-written operator's end of both streams (e.g. `sample` emits what is pending).
    func loopFinish(sink: OutputSink, state: inout LoopState)

    func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, primary: PassthroughSubject<Int, Never>, secondary: PassthroughSubject<Int, Never>,
        output: CombineOutput<Output>
    ) throws

    func buildRx(primary: PublishSubject<Int>, secondary: PublishSubject<Int>) -> Observable<Output>

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

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop:
            return TwoInputLoopCell(workload: self, input: input)
        case .rx:
            return TwoInputRxCell(workload: self, input: input)
        case .combine:
            return makeCombineCell(implementation.combineStyle!, input: input)
        }
    }

    private func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        TwoInputCombineCell<Self, Style>(workload: self, input: input)
    }
}
