/// Receives the events of a sequence.
///
/// A sequence never calls `on(_:)` concurrently on one observer, and calls it at most once with a stop
/// event, after which it calls it no more.
public protocol ObserverType {
    /// The type of the elements the observer receives.
    associatedtype Element

    /// Delivers one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Delivers `.next(element)`.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Delivers `.completed`.
    public func onCompleted() {
        on(.completed)
    }

    /// Delivers `.error(error)`.
    public func onError(_ error: any Error) {
        on(.error(error))
    }
}
