import RxCore

extension ObservableType {
    /// The running accumulation, starting from `seed`: `accumulator` updates the accumulated value in
    /// place for each element, and every partial result is emitted, one per element.
    ///
    /// An error thrown by `accumulator` ends the sequence with that error.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Scan(source: asObservable(), seed: seed, accumulator: accumulator)
    }

    /// The running accumulation `acc = accumulator(acc, element)`, starting from `seed`: every partial
    /// result, one per element.
    ///
    /// As in RxSwift (`Observables/Scan.swift`), this is `scan(into:)` with `accumulator` wrapped in an
    /// in-place closure: one more allocation per operator, one more indirect call per element.
    /// An error thrown by `accumulator` ends the sequence with that error.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Scan(source: asObservable(), seed: seed) { accumulate, element in
            let current = accumulate
            accumulate = try accumulator(current, element)
        }
    }
}

// MARK: -

private final class Scan<Element, Accumulate>: Producer<Accumulate> {
    typealias Accumulator = (inout Accumulate, Element) throws -> Void

    private let source: Observable<Element>
    fileprivate let seed: Accumulate
    fileprivate let accumulator: Accumulator

    init(source: Observable<Element>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Accumulate {
        let sink = ScanSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

private final class ScanSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Accumulate = Observer.Element

    private let parent: Scan<Element, Accumulate>
    // Each subscription starts from the seed; the grammar (no concurrent events) makes it safe unlocked.
    private var accumulate: Accumulate

    init(parent: Scan<Element, Accumulate>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.accumulate = parent.seed
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                try parent.accumulator(&accumulate, element)
                forwardOn(.next(accumulate))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}
