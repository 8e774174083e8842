extension ObservableType {
    /// A sequence of the elements of `elements`, then completion.
    ///
    /// The elements are delivered synchronously during `subscribe` (RxSwift schedules them on
    /// `CurrentThreadScheduler`; this core has no schedulers, see ``Producer``). Disposing stops the
    /// delivery before the next element. One consequence of having no trampoline: when an operator
    /// downstream ends early while the chain is still being subscribed (a `map` whose transform
    /// throws), its disposal cannot reach this sink until `subscribe` returns, so the loop walks the
    /// rest of the array and the ended operators drop those elements.
    public static func from(_ elements: [Element]) -> Observable<Element> {
        ObservableSequence(elements: elements)
    }
}

// MARK: -

private final class ObservableSequence<Element>: Producer<Element> {
    fileprivate let elements: [Element]

    init(elements: [Element]) {
        self.elements = elements
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableSequenceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

private final class ObservableSequenceSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element

    private let parent: ObservableSequence<Element>
    private let cancel: Cancelable

    init(parent: ObservableSequence<Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.cancel = cancel
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        for element in parent.elements {
            // A downstream that disposes during `run` reaches the disposer before the disposer knows
            // this sink, so the loop asks the disposer too.
            if isDisposed || cancel.isDisposed {
                return Disposables.create()
            }
            forwardOn(.next(element))
        }
        forwardOn(.completed)
        dispose()
        return Disposables.create()
    }
}
