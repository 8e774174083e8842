import CombineFramework

/// A subscriber of a subject under test, in the shared vocabulary: Combine subjects get a
/// ``TrackingSubscriber``, the Rx subject a ``RecordingObserver`` and its disposable.
protocol SubjectDownstream: AnyObject {
    var outputEvents: [OutputEvent] { get }
    var violations: [String] { get }
    /// The object the subject holds while subscribed: released once the subscription ended.
    var observedObject: AnyObject { get }
    /// Asks for `count` more values (Combine only; the Rx family has no demand).
    func requestMore(_ count: Int)
    func cancel()
    /// Cancels (disposes) the subscription itself twice, the second time after the downstream let go.
    func cancelTwice()
}

extension TrackingSubscriber: SubjectDownstream where Failure == TestError {
    var observedObject: AnyObject { self }

    func requestMore(_ count: Int) {
        request(.max(count))
    }

    func cancelTwice() {
        let cancelAgain = cancelHeldSubscription
        cancel()
        cancelAgain?()
    }
}
