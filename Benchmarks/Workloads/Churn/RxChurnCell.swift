/// `subscribeChurn` in the Rx family over one kind of source: per unit, subscribe a chain of `depth`
/// `map` stages to the cell's one source, send it one element, dispose.
final class RxChurnCell<Source: RxCellSource>: Cell where Source.Element == Int {
    let sink = OutputSink()
    private let input: SeededInput
    private let depth: Int
    private var source: Source?

    init(input: SeededInput, depth: Int) {
        self.input = input
        self.depth = depth
    }

    func setUp() {
        source = Source()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            // The Rx family's operators return `Observable`: a chain built in a loop is what apps build.
            var chain = source.observable.map(Transforms.map)
            for _ in 1..<depth {
                chain = chain.map(Transforms.map)
            }
            let subscription = chain.subscribe(sink)
            source.sendNext(input[index])
            Source.Library.dispose(subscription)
        }
    }

    func tearDown() {
        source?.sendNext(SubscribeChurnWorkload.sentinel)
        source?.sendCompleted()
        source = nil
    }
}
