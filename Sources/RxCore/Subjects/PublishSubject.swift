/// A subject that broadcasts every event to the observers subscribed at that moment.
///
/// Thread-safe as RxSwift's: its state changes under a lock, and events are dispatched to a snapshot
/// of the observers after the lock is released. An observer that subscribes after the subject stopped
/// receives the stop event; one that subscribes after ``dispose()`` receives
/// ``RxError/disposed(object:)``.
public final class PublishSubject<Element>: Observable<Element>, ObserverType, Cancelable, SynchronizedUnsubscribeType {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let lock = RecursiveLock()

    // Guarded by `lock`. Invariant: `observers` is empty once `stoppedEvent` is set or `disposed` is
    // true, and stays empty, because `subscribe` then rejects new observers.
    private var disposed = false
    private var observers = Observers()
    private var stoppedEvent: Event<Element>?

    override public init() {
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        lock.performLocked { observers.count > 0 }
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        lock.performLocked { disposed }
    }

    /// Sends `event` to every subscribed observer. Once the subject stopped or was disposed, nothing
    /// is delivered; the first stop event is kept for late subscribers.
    public func on(_ event: Event<Element>) {
        let observers = synchronized_on(event)
        dispatch(observers, event)
    }

    private func synchronized_on(_ event: Event<Element>) -> Observers {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .next:
            // RxSwift also tests `disposed` and `stopped` here; the invariant above makes the bag
            // empty in both cases, and each stored-property read costs a dynamic exclusivity check.
            return observers
        case .error, .completed:
            guard stoppedEvent == nil else { return Observers() }
            stoppedEvent = event
            let observers = self.observers
            self.observers = Observers()
            return observers
        }
    }

    override public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let outcome = lock.performLocked { () -> SubscribeOutcome in
            if let stoppedEvent {
                return .rejected(stoppedEvent)
            }
            if disposed {
                return .rejected(.error(RxError.disposed(object: self)))
            }
            return .subscribed(observers.insert(observer.on))
        }
        switch outcome {
        case .subscribed(let key):
            return SubscriptionDisposable(owner: self, key: key)
        case .rejected(let event):
            // RxSwift delivers this under the lock; delivering it unlocked changes nothing else and
            // keeps the rule that observers are called outside the subject's lock.
            observer.on(event)
            return Disposables.create()
        }
    }

    private enum SubscribeOutcome {
        case subscribed(BagKey)
        case rejected(Event<Element>)
    }

    func synchronizedUnsubscribe(_ disposeKey: BagKey) {
        // The removed observer is released after the lock is, so its deinit runs unlocked.
        _ = lock.performLocked { observers.removeKey(disposeKey) }
    }

    /// The subject as an observer.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Unsubscribes every observer and releases the stop event; later subscribers receive
    /// ``RxError/disposed(object:)``.
    public func dispose() {
        // What is taken out is released after the lock is, so no deinit runs locked.
        _ = lock.performLocked { () -> (Observers, Event<Element>?) in
            disposed = true
            defer {
                observers = Observers()
                stoppedEvent = nil
            }
            return (observers, stoppedEvent)
        }
    }
}
