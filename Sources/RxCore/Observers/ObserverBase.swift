import Synchronization

/// An observer that enforces the sequence grammar on its own input: after the first stop event, or
/// after ``dispose()``, it passes nothing more to ``onCore(_:)``.
open class ObserverBase<Element>: Disposable, ObserverType {
    private let isStopped = Atomic<Bool>(false)

    public init() {}

    public final func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if !isStopped.load(ordering: .acquiring) {
                onCore(event)
            }
        case .error, .completed:
            // The exchange lets exactly one stop event through, even if two race.
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
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
        isStopped.store(true, ordering: .releasing)
    }
}
