/// `subscribeChurn` in the Rx family over one kind of source: per unit, subscribe a chain of `depth`
/// `map` stages to the cell's one source, send it one element, dispose. A unit is `unit`, a closure made
/// where the source, and so the library, is a concrete type (see ``RxStreamCell``): built here, in a
/// generic class's method, the chain would be built by unspecialised generic code, about 1,200 more
/// instructions per stage.
final class RxChurnCell<Source: RxCellSource>: Cell where Source.Element == Int {
    /// Subscribes the chain to a source, sends it one value and disposes the subscription.
    typealias Unit = (Source, OutputSink, Int) -> Void

    let sink = OutputSink()
    private let input: SeededInput
    private let unit: Unit
    private var source: Source?

    init(input: SeededInput, unit: @escaping Unit) {
        self.input = input
        self.unit = unit
    }

    func setUp() {
        source = Source()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            unit(source, sink, input[index])
        }
    }

    func tearDown() {
        source?.sendNext(SubscribeChurnWorkload.sentinel)
        source?.sendCompleted()
        source = nil
    }
}
