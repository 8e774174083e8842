import ReactiveBenchConformance
import RxCore

/// An Rx source for driving an operator input by hand: it delivers events to its subscribed observers,
/// counts how often each subscription was disposed, and holds each observer only until it is disposed
/// or the source stops, so a test can check through ``observerReleased`` that the operator let go.
/// Thread-safe; it never calls an observer while holding its lock.
final class TrackingObservable<Element>: Observable<Element>, @unchecked Sendable {
    private final class Subscription: Disposable {
        let id: Int
        weak var owner: TrackingObservable?

        init(id: Int, owner: TrackingObservable) {
            self.id = id
            self.owner = owner
        }

        func dispose() {
            owner?.dispose(id)
        }
    }

    private struct Entry {
        var observer: ((Event<Element>) -> Void)?
        weak var observerObject: AnyObject?
        var disposeCount = 0
    }

    private struct State {
        var entries: [Entry] = []
        var stopEvent: Event<Element>?
    }

    private let state = Locked(State())

    override init() {
        super.init()
    }

    var subscriptionCount: Int { state.withLock { $0.entries.count } }
    /// How often each subscription was disposed, in subscription order.
    var disposeCounts: [Int] { state.withLock { $0.entries.map(\.disposeCount) } }
    /// Whether each subscribed observer has been released, in subscription order (`true` also for an
    /// observer that is a struct and so cannot be observed).
    var observerReleased: [Bool] { state.withLock { $0.entries.map { $0.observerObject == nil } } }
    /// Whether any subscriber is still attached (neither disposed nor stopped).
    var hasLiveObservers: Bool { state.withLock { $0.entries.contains { $0.observer != nil } } }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let outcome = state.withLock { state -> (id: Int, stop: Event<Element>?) in
            var entry = Entry(observer: state.stopEvent == nil ? observer.on : nil)
            if type(of: observer as Any) is AnyClass { entry.observerObject = observer as AnyObject }
            state.entries.append(entry)
            return (state.entries.count - 1, state.stopEvent)
        }
        if let stop = outcome.stop { observer.on(stop) }
        return Subscription(id: outcome.id, owner: self)
    }

    /// Delivers `event` to every attached observer; after a stop event the source is silent.
    func on(_ event: Event<Element>) {
        let observers = state.withLock { state -> [(Event<Element>) -> Void] in
            guard state.stopEvent == nil else { return [] }
            let observers = state.entries.compactMap(\.observer)
            if event.isStopEvent {
                state.stopEvent = event
                for index in state.entries.indices { state.entries[index].observer = nil }
            }
            return observers
        }
        for observer in observers { observer(event) }
    }

    private func dispose(_ id: Int) {
        // The observer comes out of the lock, so that its last release happens after unlocking.
        let observer = state.withLock { state in
            state.entries[id].disposeCount += 1
            return state.entries[id].observer.take()
        }
        withExtendedLifetime(observer) {}
    }
}

extension TrackingObservable: DrivenInput where Element == Int {
    func send(_ value: Int) { on(.next(value)) }
    func finish() { on(.completed) }
    func fail(with error: TestError) { on(.error(error)) }
}
