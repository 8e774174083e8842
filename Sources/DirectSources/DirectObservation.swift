import RxCore

/// The subscription a ``DirectObservable`` returns for each observer: disposing it stops the events.
///
/// Made by the observable's `subscribe`, it is specialised for its observer when that call is: when the
/// caller knows the observable's class and the observer's type (the benchmark's own sink, subscribed to
/// the observable it just made). Behind an operator it is not: operators subscribe through the virtual
/// `Observable.subscribe`, which runs unspecialised, and making ``ObserverSlot/emit`` there allocates a
/// context for the observer's type.
///
/// It holds its observer in a `let`, until the subscription itself is released (the observable lets go of
/// it once disposed or stopped): lent in place, the observer is called with no copy and no runtime type
/// lookup, even unspecialised.
final class DirectObservation<Observer: ObserverType>: ObserverSlot<Observer.Element>, Disposable {
    private let observer: Observer

    init(observer: Observer, source: DirectObservable<Observer.Element>) {
        self.observer = observer
        super.init(source: source) { slot, event in
            unsafeDowncast(slot, to: DirectObservation.self).deliver(event)
        }
    }

    /// Hands `event`, a `.next`, to the observer if it is live.
    @inline(__always)
    private func deliver(_ event: Event<Observer.Element>) {
        guard isLive else { return }
        observer.on(event)
    }

    override func deliverStop(_ event: Event<Observer.Element>) {
        guard end() else { return }
        observer.on(event)
    }

    func dispose() {
        _ = end()
    }
}
