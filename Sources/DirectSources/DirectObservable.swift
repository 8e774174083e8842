import RxCore

/// A minimal synchronous source for the Rx family: ``on(_:)`` calls each observer's `on` directly, on the
/// calling thread, with no lock, no `Sink`, no stop flag and no bag of closures on the way. What is left of
/// a source when only delivery remains, so that a pipeline's cost is its operators' and its observer's,
/// not the source's.
///
/// - Events: `.next` goes to every observer subscribed at that moment, in subscription order. The first stop
///   event (`.error`, `.completed`) ends every subscription; later events are ignored, and an observer that
///   subscribes later receives the stop event at once, as with `PublishSubject`.
/// - Disposal: idempotent; a disposed observer receives nothing more and is let go of at once (when it
///   disposes from inside its own `on`, as soon as that delivery returns).
/// - Memory: a subscription holds its observer until the subscription itself is released, and does not
///   keep the observable alive: an observable released before it stops ends its subscriptions (without
///   a stop event) and lets go of them.
/// - Threads: none of its own, and no synchronisation: `on`, `subscribe` and `dispose` must come from one
///   thread at a time (the benchmark drives it from the measuring thread). For several producing threads,
///   use `PublishSubject` (RxSwift's grammar asks for serialised `on` calls anyway).
public final class DirectObservable<Element>: Observable<Element>, ObserverType {
    // One thread at a time, and no access spans a call out: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var observations = DeliveryList<ObserverSlot<Element>>()
    @exclusivity(unchecked) private var stopEvent: Event<Element>?

    override public init() {
        super.init()
    }

    deinit {
        for observation in observations.removeAll() {
            observation._withUnsafeGuaranteedRef { $0.detach() }
            observation.release()
        }
    }

    override public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let observation = DirectObservation(observer: observer, source: self)
        observations.append(observation)
        return observation
    }

    /// Delivers `event` to every observer subscribed now: a `.next` to each, the first stop event to each
    /// and then never anything again.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next:
            observations.beginDelivery()
            if let first = observations.first {
                // Observers that subscribe during this delivery wait for the next event.
                let count = observations.restCount
                first._withUnsafeGuaranteedRef { $0.emit($0, event) }
                var index = 0
                while index < count {
                    observations.rest(index)._withUnsafeGuaranteedRef { $0.emit($0, event) }
                    index &+= 1
                }
            }
            if observations.endDelivery() { releaseEnded() }
        case .error, .completed:
            stop(event)
        }
    }

    private func stop(_ event: Event<Element>) {
        guard stopEvent == nil else { return }
        stopEvent = event
        observations.beginDelivery()
        if let first = observations.first {
            let count = observations.restCount
            first._withUnsafeGuaranteedRef { $0.deliverStop(event) }
            var index = 0
            while index < count {
                observations.rest(index)._withUnsafeGuaranteedRef { $0.deliverStop(event) }
                index &+= 1
            }
        }
        if observations.endDelivery() { releaseEnded() }
    }

    // MARK: - Called by observations

    /// `observation` was disposed or stopped: it no longer belongs to the observable.
    func ended(_ observation: ObserverSlot<Element>) {
        observations.remove(observation)?.release()
    }

    private func releaseEnded() {
        for observation in observations.removeEnded() {
            observation.release()
        }
    }
}
