import CombineFramework

/// A subscriber of a ``TrackingSubject``, erased to the two calls the subject makes, in the suite's
/// vocabulary. It holds the subscriber strongly, as a publisher holds its subscriber.
package struct TrackedReceiver<Output, Failure: Error> {
    package let receiveValue: (Output) -> Subscribers.Demand
    package let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
}
