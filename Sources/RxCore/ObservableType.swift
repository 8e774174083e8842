/// A sequence that observers can subscribe to.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to the events of the sequence.
    ///
    /// - Returns: The subscription; disposing it stops the events and releases every resource the
    ///   subscription holds. A sequence that ends releases them by itself.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// Wraps `self` in an ``Observable`` that forwards subscriptions to it.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
