import DirectSources
import Harness
import RxCore

/// The kind of source an Rx two-input cell drives, with the schedule's loop over a pair of them (see
/// ``TwoInputCombineSource``).
protocol TwoInputRxSource: RxCellSource where Element == Int {
    /// Sends primary elements `range` of `input`, and the secondary's values before them, by `schedule`;
    /// in latency mode each output is timed from the send that caused it, on either input.
    static func send(
        _ range: Range<Int>, of input: SeededInput, by schedule: TwoInputSchedule, primary: Self, secondary: Self,
        sink: OutputSink
    )
}

extension TwoInputRxSource {
    static func send(
        _ range: Range<Int>, of input: SeededInput, by schedule: TwoInputSchedule, primary: Self, secondary: Self,
        sink: OutputSink
    ) {
        if sink.latency == nil {
            schedule.forEach(
                range, of: input, secondary: { secondary.sendNext($0) }, primary: { primary.sendNext($0) }
            )
        } else {
            schedule.forEach(
                range, of: input,
                secondary: { sink.sentAt = Clock.now(); secondary.sendNext($0) },
                primary: { sink.sentAt = Clock.now(); primary.sendNext($0) }
            )
        }
    }
}

extension RxCore.PublishSubject: TwoInputRxSource where Element == Int {}

extension DirectObservable: TwoInputRxSource where Element == Int {}

// MARK: - The source of a row

/// Work to do with the Int source type of an Rx row, given as a concrete type: ``rxCellSource(_:_:_:)`` for
/// the cells whose sources send the seeded Ints themselves (two-input cells, `subscribeChurn`).
protocol RxIntSourceVisitor {
    func visit<Source: TwoInputRxSource>(_ source: Source.Type) -> any Cell
}

/// Calls `visitor` with the Int source type of `implementation`'s library over `kind` (see
/// ``rxCellSource(_:_:_:)``).
@inline(__always)
func rxIntSource<Visitor: RxIntSourceVisitor>(
    _ implementation: Implementation, _ kind: SourceKind, _ visitor: Visitor
) -> any Cell {
    switch (implementation.id, kind) {
    #if REACTIVE_BENCH_RXSWIFT
    case (.rxSwift, _): visitor.visit(RxSwiftSubject<Int>.self)
    #endif
    case (_, .subject): visitor.visit(RxCore.PublishSubject<Int>.self)
    case (_, .direct): visitor.visit(DirectObservable<Int>.self)
    }
}
