import DirectSources
import RxCore

/// A source an Rx cell sends its elements into: the Rx core's `PublishSubject` or the project's
/// `DirectObservable` (``SourceKind``).
protocol RxCellSource<Element>: ObservableType, ObserverType, AnyObject {
    init()

    /// Sends units `range` of `inputs` through `workload`'s `send` for this source type (see
    /// ``CombineCellSource``).
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: Self, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element
}

extension PublishSubject: RxCellSource {
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: PublishSubject, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension DirectObservable: RxCellSource {
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: DirectObservable, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}
