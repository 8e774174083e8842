import DirectSources
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

    /// Subscribes the output through `Observable`'s virtual `subscribe`, as every operator subscribes, except
    /// when the pipeline is the cell's direct source itself (`floor [direct]`): then directly, as code that
    /// holds a `DirectObservable` by its own type subscribes to it, so that its subscription is made for
    /// ``RxOutput`` and delivers to it with no protocol witness between (the source's whole design, see
    /// `DirectObservation`). The check compares the observable's class, once per subscription. Before the
    /// workloads went through ``RxLibrary`` the compiler made that call direct by itself: 57.8 instructions
    /// per element, then 73.8 without this, now 57.8 again.
    ///
    /// A `PublishSubject` is subscribed through the virtual call like any observable, as in
    /// `RxSwiftLibrary`: subscribed directly, RxSwift's `floor` cost 38 more instructions per element
    /// (768.1 against 730.1) and the Rx core's 13 fewer, so the two rows would no longer compare like for
    /// like (docs/RX-FIDELITY.md).
    public static func subscribe<Element: Checksummable>(
        _ observable: RxObservable<Self, Element>, _ sink: OutputSink
    ) -> Disposable {
        let output = RxOutput<Element>(sink: sink)
        if ObjectIdentifier(type(of: observable.base)) == ObjectIdentifier(DirectObservable<Element>.self) {
            return unsafeDowncast(observable.base, to: DirectObservable<Element>.self).subscribe(output)
        }
        return base(observable).subscribe(output)
    }

    public static func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }
}
