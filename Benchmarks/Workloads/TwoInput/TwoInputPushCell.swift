/// A ``TwoInputWorkload`` in a push family with demand (Combine, SimpleCombine): two sources of one kind,
/// one pipeline, built by `build`, a closure made where the style is a concrete type (see
/// ``PushStreamCell``).
final class TwoInputPushCell<W: TwoInputWorkload, Source: TwoInputPushSource>: Cell {
    /// Builds the workload's operator over a primary and a secondary source and subscribes an output of
    /// the sink to it.
    typealias Build = (Source, Source, OutputSink) throws -> Void

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
        try build(primary, secondary, sink)
        sources = (primary, secondary)
    }

    func run(from start: Int, count: Int) {
        let (primary, secondary) = sources!
        Source.send(
            start..<(start + count), of: input, by: workload.schedule, primary: primary, secondary: secondary, sink: sink
        )
    }

    func tearDown() {
        sources?.primary.finish()
        sources?.secondary.finish()
        sources = nil
    }
}
