/// Receives values and a completion from a publisher (Combine's `Subscriber`).
///
/// The publisher calls ``receive(subscription:)`` once, then ``receive(_:)`` at most as many times as the
/// subscriber has asked for, then ``receive(completion:)`` at most once; never two of these at the same
/// time. The demand returned from ``receive(_:)`` adds to what the subscriber asked for.
public protocol SimpleSubscriber<Input, Failure>: SimpleCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    func receive(subscription: any SimpleSubscription)
    func receive(_ input: Input) -> SimpleSubscribers.Demand
    func receive(completion: SimpleSubscribers.Completion<Failure>)
}
