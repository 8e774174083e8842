import ReactiveBenchConformance

/// A subscriber of a subject under test, in the shared vocabulary: Combine subjects get a
/// `TrackingSubscriber`, the Rx subject a ``RecordingObserver`` and its disposable (``RxDownstream``).
protocol SubjectDownstream: DrivenDownstream {
    /// The object the subject holds while subscribed: released once the subscription ended.
    var observedObject: AnyObject { get }
    /// Cancels (disposes) the subscription itself twice, the second time after the downstream let go.
    func cancelTwice()
}

extension TrackingSubscriber: SubjectDownstream where Failure == TestError {
    var observedObject: AnyObject { self }

    func cancelTwice() {
        let cancelAgain = cancelHeldSubscription
        cancel()
        cancelAgain?()
    }
}
