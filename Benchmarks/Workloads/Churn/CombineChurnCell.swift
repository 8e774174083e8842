/// `subscribeChurn` in a Combine-family style over one kind of source: per unit, subscribe a chain of
/// `map` stages to the cell's one source, send it one element, cancel. The chain is built by
/// `subscribe`, a closure made where the style and the chain are concrete types (see
/// ``CombineStreamCell``).
final class CombineChurnCell<Source: CombineCellSource>: Cell where Source.Output == Int {
    /// Builds the chain over a source and subscribes the output to it.
    typealias Subscribe = (Source, CombineOutput<Int>) -> Void

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
            let output = CombineOutput<Int>(sink: sink)
            subscribe(source, output)
            source.send(input[index])
            output.cancel()
        }
    }

    func tearDown() {
        source?.send(SubscribeChurnWorkload.sentinel)
        source?.send(completion: .finished)
        source = nil
    }
}
