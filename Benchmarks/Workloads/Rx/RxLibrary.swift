import Harness
import StyleKit

/// One Rx library as the workloads use it: the vocabulary in which every Rx workload is written once
/// (``RxObservable``'s operators, a subscription of the cell's output and its disposal), over the project's
/// Rx core (``RxCoreLibrary``, the `rxSink` row) and, in builds given an RxSwift checkout, over RxSwift
/// itself (`RxSwiftLibrary`, the `rxSwift` row).
///
/// Only the building of a pipeline goes through here, once per subscription; the elements flow through
/// the library's own observables and sinks, untouched. Every requirement is a thin call of the library's
/// operator of the same name, so a pipeline built here is the one an app using that library builds.
public protocol RxLibrary {
    /// What subscribing returns: the library's `Disposable`.
    associatedtype Subscription

    static func map<Element, Result>(
        _ source: RxObservable<Self, Element>, _ transform: @escaping (Element) -> Result
    ) -> RxObservable<Self, Result>

    static func filter<Element>(
        _ source: RxObservable<Self, Element>, _ predicate: @escaping (Element) -> Bool
    ) -> RxObservable<Self, Element>

    static func scan<Element, Accumulate>(
        _ source: RxObservable<Self, Element>, _ seed: Accumulate,
        _ accumulator: @escaping (Accumulate, Element) -> Accumulate
    ) -> RxObservable<Self, Accumulate>

    static func modulus(_ source: RxObservable<Self, Int>, _ modulo: Int) -> RxObservable<Self, Int>

    static func histogram(_ source: RxObservable<Self, Int>) -> RxObservable<Self, [HistogramBin]>

    static func withLatestFrom<First, Second, Result>(
        _ first: RxObservable<Self, First>, _ second: RxObservable<Self, Second>,
        _ resultSelector: @escaping (First, Second) -> Result
    ) -> RxObservable<Self, Result>

    static func sample<Element, Sampler>(
        _ source: RxObservable<Self, Element>, _ sampler: RxObservable<Self, Sampler>
    ) -> RxObservable<Self, Element>

    static func sampleWithFrom<First, Second, Result>(
        _ first: RxObservable<Self, First>, _ second: RxObservable<Self, Second>,
        _ resultSelector: @escaping (First, Second) -> Result
    ) -> RxObservable<Self, Result>

    /// Subscribes the cell's output, an observer that folds every element into `sink`.
    static func subscribe<Element: Checksummable>(
        _ observable: RxObservable<Self, Element>, _ sink: OutputSink
    ) -> Subscription

    static func dispose(_ subscription: Subscription)
}

/// An `Observable<Element>` of `Library`.
///
/// Swift has no generic associated types (`Library.Observable<Element>`), so the library's observable
/// travels as an `AnyObject`, and only the library's own conformance (the one place that made it) casts
/// it back, unchecked: a cast that costs nothing in a release build.
public struct RxObservable<Library: RxLibrary, Element> {
    /// The library's `Observable<Element>`.
    let base: AnyObject

    init(_ base: AnyObject) {
        self.base = base
    }
}

// MARK: - Operators

/// The operators of ``RxLibrary`` as methods, named as in both libraries: a workload's pipeline reads as
/// the Rx code it stands for (`source.map { Transforms.map($0) }.filter { Transforms.isEven($0) }`).
extension RxObservable {
    @inline(__always)
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> RxObservable<Library, Result> {
        Library.map(self, transform)
    }

    @inline(__always)
    public func filter(_ predicate: @escaping (Element) -> Bool) -> RxObservable {
        Library.filter(self, predicate)
    }

    @inline(__always)
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate
    ) -> RxObservable<Library, Accumulate> {
        Library.scan(self, seed, accumulator)
    }

    @inline(__always)
    public func withLatestFrom<Second, Result>(
        _ second: RxObservable<Library, Second>, resultSelector: @escaping (Element, Second) -> Result
    ) -> RxObservable<Library, Result> {
        Library.withLatestFrom(self, second, resultSelector)
    }

    @inline(__always)
    public func sample<Sampler>(_ sampler: RxObservable<Library, Sampler>) -> RxObservable {
        Library.sample(self, sampler)
    }

    @inline(__always)
    public func sampleWithFrom<Second, Result>(
        _ second: RxObservable<Library, Second>, resultSelector: @escaping (Element, Second) -> Result
    ) -> RxObservable<Library, Result> {
        Library.sampleWithFrom(self, second, resultSelector)
    }

    /// Subscribes the cell's output (see ``RxLibrary/subscribe(_:_:)``).
    @inline(__always)
    func subscribe(_ sink: OutputSink) -> Library.Subscription where Element: Checksummable {
        Library.subscribe(self, sink)
    }
}

extension RxObservable where Element == Int {
    @inline(__always)
    public func modulus(_ modulo: Int) -> RxObservable {
        Library.modulus(self, modulo)
    }

    @inline(__always)
    public func histogram() -> RxObservable<Library, [HistogramBin]> {
        Library.histogram(self)
    }
}
