import RxCore
import ReactiveBenchConformance

/// An Rx observer and its subscription, as a downstream a script drives and a subject contract reads:
/// requests do nothing (the family has no demand), a cancel is a dispose.
final class RxDownstream: SubjectDownstream, @unchecked Sendable {
    let observer: any RxRecording
    let subscription: Disposable

    init(observer: any RxRecording, subscription: Disposable) {
        self.observer = observer
        self.subscription = subscription
    }

    var outputEvents: [OutputEvent] { observer.outputEvents }
    var violations: [String] { observer.violations }
    var observedObject: AnyObject { observer }

    func requestMore(_ count: Int) {}

    func cancel() {
        observer.noteDisposed()
        subscription.dispose()
    }

    func cancelTwice() {
        cancel()
        subscription.dispose()
    }
}
