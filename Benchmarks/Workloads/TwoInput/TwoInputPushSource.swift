import DirectSources
import Harness
import CombineFramework
import SimpleCombine

/// The kind of source a push-family two-input cell drives (Combine, SimpleCombine), with the schedule's
/// loop over a pair of them: written once, below, and a requirement only so that each source type's
/// conformance, which fixes every generic parameter, gets a copy specialised for it (the cells run
/// unspecialised).
protocol TwoInputPushSource: PushCellSource where Output == Int {
    /// Sends primary elements `range` of `input`, and the secondary's values before them, by `schedule`;
    /// in latency mode each output is timed from the send that caused it, on either input.
    static func send(
        _ range: Range<Int>, of input: SeededInput, by schedule: TwoInputSchedule, primary: Self, secondary: Self,
        sink: OutputSink
    )
}

extension TwoInputPushSource {
    static func send(
        _ range: Range<Int>, of input: SeededInput, by schedule: TwoInputSchedule, primary: Self, secondary: Self,
        sink: OutputSink
    ) {
        if sink.latency == nil {
            schedule.forEach(range, of: input, secondary: { secondary.send($0) }, primary: { primary.send($0) })
        } else {
            schedule.forEach(
                range, of: input,
                secondary: { sink.sentAt = Clock.now(); secondary.send($0) },
                primary: { sink.sentAt = Clock.now(); primary.send($0) }
            )
        }
    }
}

extension PassthroughSubject: TwoInputPushSource where Output == Int, Failure == Never {}

extension DirectPublisher: TwoInputPushSource where Output == Int, Failure == Never {}

extension SimplePassthroughSubject: TwoInputPushSource where Output == Int, Failure == Never {}

extension SimpleDirectPublisher: TwoInputPushSource where Output == Int, Failure == Never {}
