/// Declares that a type can deliver values over time to subscribers (Combine's `Publisher`).
///
/// A publisher hands each subscriber a ``SimpleSubscription`` first, then delivers at most as many
/// values as the subscriber has requested through it, then at most one completion. Calls to one
/// subscriber never overlap.
public protocol SimplePublisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`. Call ``subscribe(_:)`` instead; this is the requirement publishers
    /// implement.
    func receive<Subscriber: SimpleSubscriber>(subscriber: Subscriber)
    where Subscriber.Input == Output, Subscriber.Failure == Failure
}

extension SimplePublisher {
    /// Attaches `subscriber` to this publisher.
    @inlinable
    public func subscribe<Subscriber: SimpleSubscriber>(_ subscriber: Subscriber)
    where Subscriber.Input == Output, Subscriber.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
