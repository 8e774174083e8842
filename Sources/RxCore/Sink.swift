/// The per-subscription object of an operator: it receives the upstream's events, applies the
/// operator and passes the results on with ``forwardOn(_:)``.
///
/// Once disposed, a sink forwards nothing more (a flag in an ``AtomicInt``, read under its lock before
/// every event, as RxSwift's `Observables/Sink.swift` does), so the downstream sees nothing after a
/// dispose, and nothing after a stop event when the operator disposes right after forwarding it, as
/// every operator does.
open class Sink<Observer: ObserverType>: Disposable {
    // RxSwift's field order: the observer (its size depends on `Observer`) first.
    private let observer: Observer
    private let cancel: Cancelable
    private let disposed = AtomicInt(0)

    /// - Parameters:
    ///   - observer: The downstream.
    ///   - cancel: The subscription's disposer, from ``Producer/run(_:cancel:)``.
    public init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
    }

    /// Passes `event` to the downstream unless the sink is disposed.
    public final func forwardOn(_ event: Event<Observer.Element>) {
        if isFlagSet(disposed, 1) {
            return
        }
        observer.on(event)
    }

    /// Whether ``dispose()`` was called.
    public final var isDisposed: Bool {
        isFlagSet(disposed, 1)
    }

    /// Stops forwarding and disposes the whole subscription (the sink and its upstream subscriptions).
    /// Safe to call any number of times, from any thread.
    open func dispose() {
        fetchOr(disposed, 1)
        cancel.dispose()
    }
}
