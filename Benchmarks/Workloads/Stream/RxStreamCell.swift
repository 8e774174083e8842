/// A ``StreamWorkload`` in the Rx family over one kind of source: `Source` -> the workload's pipeline ->
/// ``RxOutput``.
///
/// The pipeline is built and subscribed by `subscribe`, a closure made where every type is concrete
/// (``StreamWorkload/makeCell(for:input:)``), so that it runs specialised, and the sink's subscription to
/// a source of a known final class is a direct call rather than through `Observable`'s virtual
/// `subscribe`. The source's type says which Rx library runs (``RxCellSource/Library``).
final class RxStreamCell<W: StreamWorkload, Source: RxCellSource>: Cell where Source.Element == W.Inputs.Element {
    /// Builds the workload's pipeline over a source and subscribes an ``RxOutput`` of the sink to it.
    typealias Subscribe = (Source, OutputSink) -> Source.Library.Subscription

    let sink = OutputSink()
    private let workload: W
    private let input: W.Inputs
    private let subscribe: Subscribe
    private var source: Source?
    private var subscription: Source.Library.Subscription?

    init(workload: W, input: SeededInput, subscribe: @escaping Subscribe) {
        self.workload = workload
        self.input = workload.makeInputs(input)
        self.subscribe = subscribe
    }

    func setUp() {
        let source = Source()
        subscription = subscribe(source, sink)
        self.source = source
    }

    func run(from start: Int, count: Int) {
        Source.send(start..<(start + count), of: input, to: source!, by: workload, sink: sink)
    }

    func tearDown() {
        source?.sendCompleted()
        subscription.map(Source.Library.dispose)
        subscription = nil
        source = nil
    }
}
