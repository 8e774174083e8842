import ReactiveBenchConformance
import RxCore

/// An Rx observer that records every event in order and notes every breach of the sequence grammar it
/// sees (anything after a stop event, anything after the test disposed the subscription) in
/// ``violations``. With `disposeAfter`, it disposes its subscription from inside its handler of that
/// many-th element (once ``attach(_:)`` gave it the subscription; at once if it was already due).
/// Thread-safe.
final class RecordingObserver<Element>: ObserverType, @unchecked Sendable {
    private struct State {
        var events: [Event<Element>] = []
        var violations: [String] = []
        var isStopped = false
        var isDisposed = false
        var elementCount = 0
        var subscription: Disposable?
        var isDisposeDue = false
    }

    private let disposeAfter: Int?
    private let state = Locked(State())

    init(disposeAfter: Int? = nil) {
        self.disposeAfter = disposeAfter
    }

    var events: [Event<Element>] { state.withLock { $0.events } }
    var violations: [String] { state.withLock { $0.violations } }

    func on(_ event: Event<Element>) {
        let disposeNow = state.withLock { state -> Disposable? in
            state.events.append(event)
            if state.isStopped { state.violations.append("\(event.debugDescription) after a stop event") }
            if state.isDisposed { state.violations.append("\(event.debugDescription) after dispose") }
            if event.isStopEvent {
                state.isStopped = true
                state.subscription = nil
            }
            guard case .next = event else { return nil }
            state.elementCount += 1
            guard state.elementCount == disposeAfter else { return nil }
            state.isDisposed = true
            state.isDisposeDue = true
            return state.subscription.take()
        }
        disposeNow?.dispose()
    }

    /// Hands the observer its subscription, for `disposeAfter`; disposes it at once if that is overdue.
    func attach(_ subscription: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            guard !state.isDisposeDue else { return true }
            if !state.isStopped { state.subscription = subscription }
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    /// Notes that the test disposed the subscription: from now on, any event is a violation.
    func noteDisposed() {
        state.withLock { state in
            state.isDisposed = true
            state.subscription = nil
        }
    }
}
