import Synchronization

/// The per-subscription object of an operator: it receives the upstream's events, applies the
/// operator and passes the results on with ``forwardOn(_:)``.
///
/// Once disposed, a sink forwards nothing more (an atomic flag, checked before every event), so the
/// downstream sees nothing after a dispose, and nothing after a stop event when the operator disposes
/// right after forwarding it, as every operator does.
open class Sink<Observer: ObserverType>: Disposable {
    // The fields whose layout does not depend on `Observer` come first, at fixed offsets.
    private let disposed = Atomic<Bool>(false)
    private let cancel: Cancelable
    private let observer: Observer

    /// - Parameters:
    ///   - observer: The downstream.
    ///   - cancel: The subscription's disposer, from ``Producer/run(_:cancel:)``.
    public init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
    }

    /// Passes `event` to the downstream unless the sink is disposed.
    public final func forwardOn(_ event: Event<Observer.Element>) {
        if disposed.load(ordering: .acquiring) {
            return
        }
        observer.on(event)
    }

    /// Whether ``dispose()`` was called.
    public final var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Stops forwarding and disposes the whole subscription (the sink and its upstream subscriptions).
    /// Safe to call any number of times, from any thread.
    open func dispose() {
        disposed.store(true, ordering: .releasing)
        cancel.dispose()
    }
}
