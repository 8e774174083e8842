/// The base class of operators and sources: a subscription creates a ``SinkDisposer``, asks the
/// subclass to `run` (which builds the operator's ``Sink`` and subscribes it upstream), then hands
/// the sink and the upstream subscription to the disposer.
///
/// RxSwift's `Producer.subscribe` first checks `CurrentThreadScheduler.isScheduleRequired` and, on a
/// thread that is not already inside a subscription, trampolines the work through
/// `CurrentThreadScheduler`. This core has no schedulers (seed 003 leaves them out too): `run` always
/// happens synchronously on the subscribing thread, so a synchronous source delivers its events
/// before `subscribe` returns. ``SinkDisposer`` copes with a dispose that arrives during `run`.
open class Producer<Element>: Observable<Element> {
    override public init() {
        super.init()
    }

    override open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
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
