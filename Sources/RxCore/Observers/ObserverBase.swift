/// An observer that enforces the sequence grammar on its own input: after the first stop event, or
/// after ``dispose()``, it passes nothing more to ``onCore(_:)``.
///
/// RxSwift's `Observers/ObserverBase.swift`: the stopped flag is an ``AtomicInt``, read under its lock
/// for every element, and set with a fetch-or that lets exactly one stop event through, even if two race.
open class ObserverBase<Element>: Disposable, ObserverType {
    private let isStopped = AtomicInt(0)

    public init() {}

    public final func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if load(isStopped) == 0 {
                onCore(event)
            }
        case .error, .completed:
            if fetchOr(isStopped, 1) == 0 {
                onCore(event)
            }
        }
    }

    /// Abstract: handles an event that passed the grammar check.
    open func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Stops the observer: later events are ignored.
    open func dispose() {
        fetchOr(isStopped, 1)
    }
}
