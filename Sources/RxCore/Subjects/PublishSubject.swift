/// A subject that broadcasts every event to the observers subscribed at that moment.
///
/// Thread-safe as RxSwift's (`Subjects/PublishSubject.swift`), and shaped like it: its state changes
/// under a recursive lock; every event tests `isDisposed || stopped` under that lock, then is dispatched
/// to a copy of the observers after the lock is released. What happens under the lock is RxSwift's too:
/// an observer that subscribes after the subject stopped receives the stop event there, and one that
/// subscribes after ``dispose()`` receives ``RxError/disposed(object:)`` there; an observer removed by
/// its subscription's dispose (or by ``dispose()``) is released there.
public final class PublishSubject<Element>: Observable<Element>, ObserverType, Cancelable, SynchronizedUnsubscribeType {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let lock = RecursiveLock()

    // Guarded by `lock` (read without it by `isDisposed`, as in RxSwift).
    private var disposed = false
    private var observers = Observers()
    private var stopped = false
    private var stoppedEvent: Event<Element>?

    override public init() {
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        lock.performLocked { observers.count > 0 }
    }

    /// Whether ``dispose()`` was called. Read without the lock, as RxSwift does; exact when read on the
    /// thread that disposed, or under the subject's lock.
    public var isDisposed: Bool {
        disposed
    }

    /// Sends `event` to every subscribed observer. Once the subject stopped or was disposed, nothing
    /// is delivered; the first stop event is kept for late subscribers.
    public func on(_ event: Event<Element>) {
        dispatch(synchronized_on(event), event)
    }

    private func synchronized_on(_ event: Event<Element>) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .next:
            if isDisposed || stopped {
                return Observers()
            }
            return observers
        case .error, .completed:
            guard stoppedEvent == nil else { return Observers() }
            stoppedEvent = event
            stopped = true
            let observers = self.observers
            self.observers.removeAll()
            return observers
        }
    }

    override public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.performLocked { synchronized_subscribe(observer) }
    }

    private func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let stoppedEvent {
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if isDisposed {
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        let key = observers.insert(observer.on)
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        lock.performLocked { synchronized_unsubscribe(disposeKey) }
    }

    private func synchronized_unsubscribe(_ disposeKey: BagKey) {
        _ = observers.removeKey(disposeKey)
    }

    /// The subject as an observer.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Unsubscribes every observer and releases the stop event; later subscribers receive
    /// ``RxError/disposed(object:)``.
    public func dispose() {
        lock.performLocked { synchronized_dispose() }
    }

    private func synchronized_dispose() {
        disposed = true
        observers.removeAll()
        stoppedEvent = nil
    }
}
