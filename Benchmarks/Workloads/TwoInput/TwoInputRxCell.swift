import Harness
import RxCore

/// A ``TwoInputWorkload`` in the Rx family: two `PublishSubject`s, one pipeline.
final class TwoInputRxCell<W: TwoInputWorkload>: Cell {
    let sink = OutputSink()
    private let workload: W
    private let input: SeededInput
    private var sources: (primary: PublishSubject<Int>, secondary: PublishSubject<Int>)?
    private var subscription: Disposable?

    init(workload: W, input: SeededInput) {
        self.workload = workload
        self.input = input
    }

    func setUp() {
        let primary = PublishSubject<Int>(), secondary = PublishSubject<Int>()
        subscription = workload.buildRx(primary: primary, secondary: secondary).subscribe(RxOutput(sink: sink))
        sources = (primary, secondary)
    }

    func run(from start: Int, count: Int) {
        let (primary, secondary) = sources!
        let sink = self.sink
        if sink.latency == nil {
            workload.schedule.forEach(
                start..<(start + count), of: input,
                secondary: { secondary.on(.next($0)) },
                primary: { primary.on(.next($0)) }
            )
        } else {
            // Each output is timed from the send that caused it, on either input.
            workload.schedule.forEach(
                start..<(start + count), of: input,
                secondary: { sink.sentAt = Clock.now(); secondary.on(.next($0)) },
                primary: { sink.sentAt = Clock.now(); primary.on(.next($0)) }
            )
        }
    }

    func tearDown() {
        sources?.primary.on(.completed)
        sources?.secondary.on(.completed)
        subscription?.dispose()
        subscription = nil
        sources = nil
    }
}
