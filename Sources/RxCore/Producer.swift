/// The base class of operators and sources: a subscription creates a ``SinkDisposer``, asks the
/// subclass to `run` (which builds the operator's ``Sink`` and subscribes it upstream), then hands
/// the sink and the upstream subscription to the disposer.
///
/// As in RxSwift (`Observables/Producer.swift`), a subscription made on a thread that is not already
/// running scheduled work goes through the ``CurrentThreadScheduler`` trampoline: what the chain
/// schedules while it is being subscribed (a synchronous source's elements) runs after the whole chain
/// is subscribed, and before the outermost `subscribe` returns. Nested subscriptions run directly.
/// ``SinkDisposer`` copes with a dispose that arrives during `run`.
open class Producer<Element>: Observable<Element> {
    override public init() {
        super.init()
    }

    override open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(()) { _ in
            self.subscribeNow(observer)
        }
    }

    /// Runs the subscription on this thread: the disposer, `run`, then the disposer learns the rest.
    @inline(__always)
    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        // The returned disposer releases everything the subscription holds once it is disposed.
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    /// Abstract: creates the sink that delivers to `observer` and subscribes it to the upstream.
    ///
    /// - Parameters:
    ///   - observer: The downstream.
    ///   - cancel: Disposes the whole subscription; the sink calls it when it ends.
    /// - Returns: The sink and the upstream subscription, both disposed with `cancel`.
    open func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        rxAbstractMethod()
    }
}
