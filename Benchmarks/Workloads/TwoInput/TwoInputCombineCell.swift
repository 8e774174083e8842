/// A ``TwoInputWorkload`` in a Combine-family style: two sources of one kind, one pipeline, built by
/// `build`, a closure made where the style is a concrete type (see ``CombineStreamCell``).
final class TwoInputCombineCell<W: TwoInputWorkload, Source: TwoInputCombineSource>: Cell {
    /// Builds the workload's operator over a primary and a secondary source and subscribes the output.
    typealias Build = (Source, Source, CombineOutput<W.Output>) throws -> Void

    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private let build: Build
    private var sources: (primary: Source, secondary: Source)?

    init(workload: W, input: SeededInput, build: @escaping Build) {
        self.workload = workload
        self.input = input
        self.build = build
    }

    func setUp() throws {
        let primary = Source(), secondary = Source()
        try build(primary, secondary, CombineOutput(sink: sink))
        sources = (primary, secondary)
    }

    func run(from start: Int, count: Int) {
        let (primary, secondary) = sources!
        Source.send(
            start..<(start + count), of: input, by: workload.schedule, primary: primary, secondary: secondary, sink: sink
        )
    }

    func tearDown() {
        sources?.primary.send(completion: .finished)
        sources?.secondary.send(completion: .finished)
        sources = nil
    }
}
