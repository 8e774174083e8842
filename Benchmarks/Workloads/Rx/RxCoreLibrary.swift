import RxCore
import RxSinks
import StyleKit

/// The project's Rx core, RxCore and RxSinks, as ``RxLibrary``: the `rxSink` row.
public enum RxCoreLibrary: RxLibrary {
    public typealias Subscription = Disposable

    /// The core's observable inside `observable`, which only this type makes.
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
        base(observable).subscribe(RxOutput(sink: sink))
    }

    public static func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }
}
