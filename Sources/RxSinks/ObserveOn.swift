import RxCore

extension ObservableType {
    /// Every event delivered through `scheduler`, in order (RxSwift's `observe(on:)`,
    /// `Observables/ObserveOn.swift`).
    ///
    /// A ``SerialDispatchQueueScheduler`` gets the cheaper serial-queue sink: each event is scheduled on
    /// the queue as it arrives, and the queue's order keeps the sequence's order. Any other scheduler
    /// gets the general sink: events wait in a queue under a lock, and one recursive scheduled action
    /// drains it. Either way a disposed subscription delivers nothing more, even events already queued.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        guard let serialScheduler = scheduler as? SerialDispatchQueueScheduler else {
            return ObserveOn(source: asObservable(), scheduler: scheduler)
        }
        return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: serialScheduler)
    }
}

// MARK: - Any scheduler

private final class ObserveOn<Element>: Producer<Element> {
    private let scheduler: ImmediateSchedulerType
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Queues events under its lock; the first event after the queue ran dry starts one recursive action on
/// the scheduler, which delivers events until the queue is empty again.
private final class ObserveOnSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    typealias Element = Observer.Element

    private enum State {
        case stopped
        case running
    }

    private let scheduler: ImmediateSchedulerType
    private let observer: Observer
    private let cancel: Cancelable
    private let scheduleDisposable = SerialDisposable()

    // A `var`, as in RxSwift. Guards `state` and `queue`.
    private var lock = SpinLock()
    private var state = State.stopped
    private var queue = Queue<Event<Element>>(capacity: 10)

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
    }

    override func onCore(_ event: Event<Element>) {
        let shouldStart = lock.performLocked { () -> Bool in
            queue.enqueue(event)
            switch state {
            case .stopped:
                state = .running
                return true
            case .running:
                return false
            }
        }
        if shouldStart {
            scheduleDisposable.disposable = scheduler.scheduleRecursive((), action: run)
        }
    }

    private func run(_ state: Void, _ recurse: (()) -> Void) {
        let (nextEvent, observer) = lock.performLocked { () -> (Event<Element>?, Observer) in
            if let event = queue.dequeue() {
                return (event, self.observer)
            }
            self.state = .stopped
            return (nil, self.observer)
        }
        guard let nextEvent, !cancel.isDisposed else { return }
        observer.on(nextEvent)
        if nextEvent.isStopEvent {
            dispose()
        }
        if shouldContinue() {
            recurse(())
        }
    }

    /// Whether more events are queued; marks the sink stopped if not, under the lock.
    private func shouldContinue() -> Bool {
        lock.performLocked {
            if queue.isEmpty {
                state = .stopped
                return false
            }
            return true
        }
    }

    override func dispose() {
        super.dispose()
        cancel.dispose()
        scheduleDisposable.dispose()
    }
}

// MARK: - A serial dispatch queue

private final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let scheduler: SerialDispatchQueueScheduler
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.scheduler = scheduler
        self.source = source
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

/// Receives on the source's thread and schedules each event on the queue. Not a ``Sink``: as in
/// RxSwift, it is an ``ObserverBase`` (whose flag lets exactly one stop event through) that checks the
/// subscription's disposer on the queue, so a dispose from any thread stops queued events.
private final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    typealias Element = Observer.Element
    typealias Delivery = (sink: ObserveOnSerialDispatchQueueSink<Observer>, event: Event<Element>)

    private let scheduler: SerialDispatchQueueScheduler
    private let observer: Observer
    private let cancel: Cancelable
    /// Made once, so that scheduling an event does not build a new closure around `self` each time
    /// (RxSwift's `cachedScheduleLambda`, an implicitly unwrapped `var` set after `super.init`). It
    /// captures `cancel`, not the sink: no cycle.
    private var cachedScheduleLambda: ((Delivery) -> Disposable)!

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
        super.init()
        cachedScheduleLambda = { delivery in
            guard !cancel.isDisposed else { return Disposables.create() }
            delivery.sink.observer.on(delivery.event)
            if delivery.event.isStopEvent {
                delivery.sink.dispose()
            }
            return Disposables.create()
        }
    }

    override func onCore(_ event: Event<Element>) {
        _ = scheduler.schedule((sink: self, event: event), action: cachedScheduleLambda!)
    }

    override func dispose() {
        super.dispose()
        cancel.dispose()
    }
}
