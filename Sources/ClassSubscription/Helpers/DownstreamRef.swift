import CombineFramework

/// The downstream, held through a reference so that an inner can let go of it at its terminal event or
/// cancel (which breaks the cycle with a downstream that keeps its subscription), while the per-value
/// path copies nothing heavier than a class reference.
///
/// An inner keeps its `DownstreamRef?` beside its `Mutex`, reads it under the lock and calls it after
/// unlocking (see ``SubscriptionPublishers``).
final class DownstreamRef<Downstream: Subscriber> {
    let downstream: Downstream

    init(_ downstream: Downstream) {
        self.downstream = downstream
    }

    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        downstream.receive(completion: completion)
    }
}
