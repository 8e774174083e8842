import RxCore

extension ObservableType {
    /// Every event delivered on `scheduler`'s serial queue, in order.
    ///
    /// RxSwift's `observe(on:)` for a `SerialDispatchQueueScheduler`: each event is scheduled on the
    /// queue as it arrives, and the queue's order keeps the sequence's order. A disposed subscription
    /// delivers nothing more, even events already queued. RxSwift's general `ObserveOn` (a lock and a
    /// queue of its own, for any scheduler) is not part of this core.
    public func observe(on scheduler: SerialDispatchQueueScheduler) -> Observable<Element> {
        ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: scheduler)
    }
}

// MARK: -

private final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: SerialDispatchQueueScheduler

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

/// Receives on the source's thread and schedules each event on the queue. Not a ``Sink``: as in
/// RxSwift, it is an ``ObserverBase`` (whose atomic flag lets exactly one stop event through) that
/// checks the subscription's disposer on the queue, so a dispose from any thread stops queued events.
private final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    typealias Element = Observer.Element
    typealias Delivery = (sink: ObserveOnSerialDispatchQueueSink<Observer>, event: Event<Element>)

    private let scheduler: SerialDispatchQueueScheduler
    private let observer: Observer
    private let cancel: Cancelable
    /// Made once, so that scheduling an event does not build a new closure around `self` each time
    /// (RxSwift's `cachedScheduleLambda`). It captures `cancel`, not the sink: no cycle.
    private let deliver: (Delivery) -> Disposable

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
        deliver = { delivery in
            guard !cancel.isDisposed else { return Disposables.create() }
            delivery.sink.observer.on(delivery.event)
            if delivery.event.isStopEvent {
                delivery.sink.dispose()
            }
            return Disposables.create()
        }
        super.init()
    }

    override func onCore(_ event: Event<Element>) {
        _ = scheduler.schedule((sink: self, event: event), action: deliver)
    }

    override func dispose() {
        super.dispose()
        cancel.dispose()
    }
}
