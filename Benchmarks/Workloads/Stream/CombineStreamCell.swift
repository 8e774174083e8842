/// A ``StreamWorkload`` in a Combine-family style over one kind of source: `Source` -> the workload's
/// pipeline -> ``CombineOutput``.
///
/// The cell is generic over the workload and the source but not the style: the pipeline is built by
/// `build`, a closure made where the style is a concrete type (``StreamWorkload/makeCell(for:input:)``),
/// so that building and subscribing run specialised for every type, as they would in an app, rather than
/// through this class's unspecialised methods.
final class CombineStreamCell<W: StreamWorkload, Source: CombineCellSource>: Cell
where Source.Output == W.Inputs.Element {
    /// Builds the workload's pipeline over a source and subscribes the output to it.
    typealias Build = (Source, CombineOutput<W.Output>) throws -> Void

    let sink = OutputSink()
    private let workload: W
    private let input: W.Inputs
    private let build: Build
    private var source: Source?

    init(workload: W, input: SeededInput, build: @escaping Build) {
        self.workload = workload
        self.input = workload.makeInputs(input)
        self.build = build
    }

    func setUp() throws {
        let source = Source()
        try build(source, CombineOutput(sink: sink, demand: workload.demand, consumerRounds: workload.consumerRounds))
        self.source = source
    }

    func run(from start: Int, count: Int) {
        Source.send(start..<(start + count), of: input, to: source!, by: workload, sink: sink)
    }

    func tearDown() {
        source?.send(completion: .finished)
        source = nil
    }
}
