import DirectSources
import OpenCombine

/// A source a Combine-family cell sends its elements into: OpenCombine's `PassthroughSubject` or the
/// project's `DirectPublisher` (``SourceKind``), never failing.
protocol CombineCellSource<Output>: Publisher, AnyObject where Failure == Never {
    init()
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Never>)

    /// Sends units `range` of `inputs` through `workload`'s `send` for this source type: the cells are
    /// generic classes, which run unspecialised, so the loop is a requirement of the workload, specialised
    /// for its element type and this source (see ``StreamWorkload``).
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: Self, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output
}

extension PassthroughSubject: CombineCellSource where Failure == Never {
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: PassthroughSubject, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension DirectPublisher: CombineCellSource where Failure == Never {
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: DirectPublisher, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}
