/// A ``TwoInputWorkload`` in the Rx family: two sources of one kind, one pipeline, built and subscribed
/// by `subscribe`, a closure made where every type is concrete (see ``RxStreamCell``).
final class TwoInputRxCell<W: TwoInputWorkload, Source: TwoInputRxSource>: Cell {
    /// Builds the workload's operator over a primary and a secondary source and subscribes an
    /// ``RxOutput`` of the sink to it.
    typealias Subscribe = (Source, Source, OutputSink) -> Source.Library.Subscription

    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private let subscribe: Subscribe
    private var sources: (primary: Source, secondary: Source)?
    private var subscription: Source.Library.Subscription?

    init(workload: W, input: SeededInput, subscribe: @escaping Subscribe) {
        self.workload = workload
        self.input = input
        self.subscribe = subscribe
    }

    func setUp() {
        let primary = Source(), secondary = Source()
        subscription = subscribe(primary, secondary, sink)
        sources = (primary, secondary)
    }

    func run(from start: Int, count: Int) {
        let (primary, secondary) = sources!
        Source.send(
            start..<(start + count), of: input, by: workload.schedule, primary: primary, secondary: secondary, sink: sink
        )
    }

    func tearDown() {
        sources?.primary.sendCompleted()
        sources?.secondary.sendCompleted()
        subscription.map(Source.Library.dispose)
        subscription = nil
        sources = nil
    }
}
