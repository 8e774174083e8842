/// The base class of every sequence: ``Producer`` for operators and sources, ``PublishSubject`` for
/// the subject. Subclasses override ``subscribe(_:)``.
open class Observable<Element>: ObservableType {
    public init() {}

    /// Abstract: subclasses deliver the sequence's events to `observer`.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// `self`: an ``Observable`` needs no wrapping.
    public final func asObservable() -> Observable<Element> {
        self
    }
}

/// Traps: a subclass did not override a method it must override.
func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Abstract method", file: file, line: line)
}
