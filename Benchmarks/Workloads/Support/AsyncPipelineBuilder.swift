import AsyncSequenceStyle

/// Receives an async pipeline with its full static type: ``PublisherConsumer`` for `AsyncSequence`, so
/// that a pipeline built in steps (a chain of stages) never needs its type erased.
public protocol AsyncSequenceConsumer<Input> {
    associatedtype Input
    associatedtype Result

    func consume<Pipeline: AsyncSequence>(_ pipeline: Pipeline) -> Result where Pipeline.Element == Input
}

/// Where a workload builds its `asyncSequence` pipeline: it takes ``base``, the source's elements, applies
/// its operators and hands the result to ``AsyncSequenceConsumer/consume(_:)``, which starts the task that
/// iterates it with `for await`; or, for an operator that emits once at the end (a histogram), hands a
/// function that reduces the elements to ``reducing(_:)``.
public protocol AsyncPipelineBuilder<SourceElement, Input>: AsyncSequenceConsumer {
    associatedtype SourceElement
    associatedtype Base: AsyncSequence where Base.Element == SourceElement

    var base: Base { get }
    func reducing(_ reduce: @escaping (Base) async throws -> Input) -> Result
}

/// The builder a cell uses: it starts an ``AsyncPipeline`` over `source` into `output`.
struct StartAsyncPipeline<Source: PipelineSource, Output: AsyncDownstream>: AsyncPipelineBuilder {
    typealias SourceElement = Source.Element
    typealias Input = Output.Input

    let source: Source
    let output: Output
    private let progress = ConsumptionProgress()

    init(source: Source, output: Output) {
        self.source = source
        self.output = output
    }

    var base: CountingSequence<Source.Elements> { CountingSequence(source.elements, progress: progress) }

    func consume<Pipeline: AsyncSequence>(_ pipeline: Pipeline) -> AsyncPipeline<Source>
    where Pipeline.Element == Input {
        AsyncPipeline(source, progress: progress, iterating: pipeline, into: output)
    }

    func reducing(_ reduce: @escaping (Base) async throws -> Input) -> AsyncPipeline<Source> {
        AsyncPipeline(source, into: output, reducing: reduce)
    }
}
