extension ObservableType {
    /// A sequence of one element, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }
}

// MARK: -

/// Needs no sink: it delivers both events during `subscribe` and holds nothing afterwards.
private final class Just<Element>: Producer<Element> {
    private let element: Element

    init(element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.next(element))
        observer.on(.completed)
        return Disposables.create()
    }
}
