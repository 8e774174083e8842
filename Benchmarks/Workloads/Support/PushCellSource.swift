import DirectSources
import CombineFramework
import SimpleCombine

/// A source a push-family cell sends its elements into, never failing: for the Combine family
/// OpenCombine's `PassthroughSubject` or the project's `DirectPublisher`, for `simpleCombine`
/// `SimplePassthroughSubject` or `SimpleDirectPublisher` (``SourceKind``).
protocol PushCellSource<Output>: AnyObject {
    associatedtype Output

    init()
    func send(_ value: Output)
    /// Sends the completion `.finished`.
    func finish()

    /// Sends units `range` of `inputs` through `workload`'s `send` for this source type: the cells are
    /// generic classes, which run unspecialised, so the loop is a requirement of the workload, specialised
    /// for its element type and this source (see ``StreamWorkload``).
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: Self, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output
}

/// A push-family source of the Combine family.
protocol CombineCellSource<Output>: PushCellSource, Publisher where Failure == Never {}

/// A push-family source of SimpleCombine.
protocol SimpleCombineCellSource<Output>: PushCellSource, SimplePublisher where Failure == Never {}

extension PassthroughSubject: PushCellSource, CombineCellSource where Failure == Never {
    func finish() { send(completion: .finished) }

    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: PassthroughSubject, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension DirectPublisher: PushCellSource, CombineCellSource where Failure == Never {
    func finish() { send(completion: .finished) }

    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: DirectPublisher, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension SimplePassthroughSubject: PushCellSource, SimpleCombineCellSource where Failure == Never {
    func finish() { send(completion: .finished) }

    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: SimplePassthroughSubject, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension SimpleDirectPublisher: PushCellSource, SimpleCombineCellSource where Failure == Never {
    func finish() { send(completion: .finished) }

    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: SimpleDirectPublisher, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Output {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}
