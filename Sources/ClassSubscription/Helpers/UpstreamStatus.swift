import CombineFramework

/// The locked state of a single-upstream inner: waiting for the upstream's subscription, connected to
/// it, or ended (completed or cancelled). Only the first subscription is taken, and only the first
/// ``terminate()`` finds it subscribed, which makes completion and cancel happen once.
struct UpstreamStatus {
    enum Phase {
        case awaitingSubscription
        case subscribed
        case terminal
    }

    // The phase is kept apart from the subscription so that the per-value check reads a plain field:
    // matching an enum whose payload is an existential would copy it.
    private(set) var phase = Phase.awaitingSubscription
    /// The upstream's subscription while subscribed.
    private(set) var subscription: Subscription?

    var isSubscribed: Bool { phase == .subscribed }

    /// Takes the upstream's first subscription. `false` for any later one, or after the end: the
    /// caller cancels it.
    mutating func attach(_ subscription: Subscription) -> Bool {
        guard phase == .awaitingSubscription else { return false }
        phase = .subscribed
        self.subscription = subscription
        return true
    }

    /// Moves to `terminal`. Returns whether it was subscribed, with the subscription, to be cancelled or
    /// released after unlocking.
    mutating func terminate() -> (wasSubscribed: Bool, subscription: Subscription?) {
        defer { self = UpstreamStatus(phase: .terminal) }
        return (isSubscribed, subscription)
    }
}
