#if REACTIVE_BENCH_RXSWIFT
import RxSwift
import RxSwiftOperators
import StyleKit

/// RxSwift itself, from the checkout given by `REACTIVE_BENCH_RXSWIFT`, as ``RxLibrary``: the `rxSwift`
/// row. Its own operators where it has them; `modulus`, `histogram` and `sampleWithFrom` as an RxSwift user
/// writes them, composed from its public operators (`Sources/RxSwiftOperators`).
public enum RxSwiftLibrary: RxLibrary {
    public typealias Subscription = Disposable

    /// RxSwift's observable inside `observable`, which only this type makes.
    @inline(__always)
    static func base<Element>(_ observable: RxObservable<Self, Element>) -> Observable<Element> {
        unsafeDowncast(observable.base, to: Observable<Element>.self)
    }

    @inline(__always)
    static func wrap<Element>(_ observable: Observable<Element>) -> RxObservable<Self, Element> {
        RxObservable(observable)
    }

    public static func map<Element, Result>(
        _ source: RxObservable<Self, Element>, _ transform: @escaping (Element) -> Result
    ) -> RxObservable<Self, Result> {
        wrap(base(source).map(transform))
    }

    public static func filter<Element>(
        _ source: RxObservable<Self, Element>, _ predicate: @escaping (Element) -> Bool
    ) -> RxObservable<Self, Element> {
        wrap(base(source).filter(predicate))
    }

    public static func scan<Element, Accumulate>(
        _ source: RxObservable<Self, Element>, _ seed: Accumulate,
        _ accumulator: @escaping (Accumulate, Element) -> Accumulate
    ) -> RxObservable<Self, Accumulate> {
        wrap(base(source).scan(seed, accumulator: accumulator))
    }

    public static func modulus(_ source: RxObservable<Self, Int>, _ modulo: Int) -> RxObservable<Self, Int> {
        wrap(base(source).modulus(modulo))
    }

    public static func histogram(_ source: RxObservable<Self, Int>) -> RxObservable<Self, [HistogramBin]> {
        wrap(base(source).histogram())
    }

    public static func withLatestFrom<First, Second, Result>(
        _ first: RxObservable<Self, First>, _ second: RxObservable<Self, Second>,
        _ resultSelector: @escaping (First, Second) -> Result
    ) -> RxObservable<Self, Result> {
        wrap(base(first).withLatestFrom(base(second), resultSelector: resultSelector))
    }

    public static func sample<Element, Sampler>(
        _ source: RxObservable<Self, Element>, _ sampler: RxObservable<Self, Sampler>
    ) -> RxObservable<Self, Element> {
        wrap(base(source).sample(base(sampler)))
    }

    public static func sampleWithFrom<First, Second, Result>(
        _ first: RxObservable<Self, First>, _ second: RxObservable<Self, Second>,
        _ resultSelector: @escaping (First, Second) -> Result
    ) -> RxObservable<Self, Result> {
        wrap(base(first).sampleWithFrom(base(second), resultSelector: resultSelector))
    }

    public static func subscribe<Element: Checksummable>(
        _ observable: RxObservable<Self, Element>, _ sink: OutputSink
    ) -> Disposable {
        base(observable).subscribe(RxSwiftOutput(sink: sink))
    }

    public static func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }
}

// MARK: -

/// The downstream end of every `rxSwift` cell: ``RxOutput`` over RxSwift's `ObserverType`, near free per
/// event for the same reason (``Checksummable/receive(_:into:)``).
final class RxSwiftOutput<Element: Checksummable>: ObserverType {
    let sink: OutputSink

    init(sink: OutputSink) { self.sink = sink }

    @inline(__always)
    func on(_ event: Event<Element>) {
        Element.receive(event, into: sink.state)
    }
}

// MARK: - Source

/// RxSwift's `PublishSubject`, the source of every `rxSwift` cell, named for files that see the Rx core's.
typealias RxSwiftSubject<Element> = PublishSubject<Element>

extension PublishSubject: RxCellSource {
    typealias Library = RxSwiftLibrary

    var observable: RxObservable<RxSwiftLibrary, Element> { RxSwiftLibrary.wrap(asObservable()) }

    @inline(__always)
    func sendNext(_ element: Element) { on(.next(element)) }

    func sendCompleted() { on(.completed) }

    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: PublishSubject, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension PublishSubject: TwoInputRxSource where Element == Int {}

extension StreamWorkload {
    public func send(
        _ range: Range<Int>, of inputs: Inputs, to source: PublishSubject<Inputs.Element>, sink: OutputSink
    ) {
        send(range, of: inputs, sink: sink) { source.on(.next($0)) }
    }
}
#endif
