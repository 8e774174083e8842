/// A ``StreamWorkload`` in a push family with demand (Combine, SimpleCombine) over one kind of source:
/// `Source` -> the workload's pipeline -> the family's output (``CombineOutput``,
/// ``SimpleCombineOutput``).
///
/// The cell is generic over the workload and the source but not the style: the pipeline is built by
/// `build`, a closure made where the style is a concrete type (``StreamWorkload/makeCell(for:input:)``),
/// so that building and subscribing run specialised for every type, as they would in an app, rather than
/// through this class's unspecialised methods.
final class PushStreamCell<W: StreamWorkload, Source: PushCellSource>: Cell where Source.Output == W.Inputs.Element {
    /// Builds the workload's pipeline over a source and subscribes an output of the sink to it.
    typealias Build = (Source, OutputSink) throws -> Void

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
        try build(source, sink)
        self.source = source
    }

    func run(from start: Int, count: Int) {
        Source.send(start..<(start + count), of: input, to: source!, by: workload, sink: sink)
    }

    func tearDown() {
        source?.finish()
        source = nil
    }
}
