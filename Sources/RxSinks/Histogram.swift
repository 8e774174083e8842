import RxCore
import StyleKit

extension ObservableType where Element == Int {
    /// How often each element occurred: one array of bins sorted by key, emitted when the source
    /// completes (`[]` for an empty source), then completion. Nothing but the error if the source
    /// fails (the composition pattern's `histogramComposed`, a
    /// `reduce`).
    public func histogram() -> Observable<[HistogramBin]> {
        Histogram(source: asObservable())
    }
}

// MARK: -

private final class Histogram: Producer<[HistogramBin]> {
    private let source: Observable<Int>

    init(source: Observable<Int>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == [HistogramBin] {
        let sink = HistogramSink(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

private final class HistogramSink<Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [HistogramBin] {
    typealias Element = Int

    // The grammar (no concurrent events) makes the counts safe without a lock, as in RxSwift's Reduce.
    private var counts: [Int: Int] = [:]

    func on(_ event: Event<Int>) {
        switch event {
        case .next(let value):
            HistogramBin.counting(&counts, value)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(HistogramBin.bins(from: counts)))
            forwardOn(.completed)
            dispose()
        }
    }
}
