import CombineFramework

/// A subscriber of a ``TrackingSubject``, erased to the two calls the subject makes, in the suite's
/// vocabulary. It holds the subscriber strongly, as a publisher holds its subscriber.
struct TrackedReceiver<Output, Failure: Error> {
    let receiveValue: (Output) -> Subscribers.Demand
    let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
}
