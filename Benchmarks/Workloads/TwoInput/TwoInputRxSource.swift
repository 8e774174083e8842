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
                range, of: input, secondary: { secondary.on(.next($0)) }, primary: { primary.on(.next($0)) }
            )
        } else {
            schedule.forEach(
                range, of: input,
                secondary: { sink.sentAt = Clock.now(); secondary.on(.next($0)) },
                primary: { sink.sentAt = Clock.now(); primary.on(.next($0)) }
            )
        }
    }
}

extension PublishSubject: TwoInputRxSource where Element == Int {}

extension DirectObservable: TwoInputRxSource where Element == Int {}
