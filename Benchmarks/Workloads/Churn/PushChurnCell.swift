/// `subscribeChurn` in a push family with demand (Combine, SimpleCombine) over one kind of source: per
/// unit, subscribe a chain of `map` stages to the cell's one source, send it one element, cancel. The
/// chain is built by `subscribe`, a closure made where the style and the chain are concrete types (see
/// ``PushStreamCell``).
final class PushChurnCell<Source: PushCellSource, Output: ChurnOutput>: Cell where Source.Output == Int {
    /// Builds the chain over a source and subscribes the output to it.
    typealias Subscribe = (Source, Output) -> Void

    let sink = OutputSink()
    private let input: SeededInput
    private let subscribe: Subscribe
    private var source: Source?

    init(input: SeededInput, subscribe: @escaping Subscribe) {
        self.input = input
        self.subscribe = subscribe
    }

    func setUp() {
        source = Source()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            let output = Output.unlimited(into: sink)
            subscribe(source, output)
            source.send(input[index])
            output.cancel()
        }
    }

    func tearDown() {
        source?.send(SubscribeChurnWorkload.sentinel)
        source?.finish()
        source = nil
    }
}

/// The end of one churned chain: ``CombineOutput`` or ``SimpleCombineOutput`` with unlimited demand.
protocol ChurnOutput: AnyObject {
    static func unlimited(into sink: OutputSink) -> Self
    func cancel()
}

extension CombineOutput: ChurnOutput where Input == Int {
    static func unlimited(into sink: OutputSink) -> CombineOutput { CombineOutput(sink: sink) }
}

extension SimpleCombineOutput: ChurnOutput where Input == Int {
    static func unlimited(into sink: OutputSink) -> SimpleCombineOutput { SimpleCombineOutput(sink: sink) }
}
