import CombineFramework

/// One input of a multi-source inner: waiting for its subscription, connected, or closed (the input
/// completed, or the operator ended). Kept inside the inner's locked state.
enum SubscriptionSlot {
    case awaiting
    case subscribed(Subscription)
    case closed

    var subscription: Subscription? {
        guard case let .subscribed(subscription) = self else { return nil }
        return subscription
    }

    /// Takes the input's first subscription. `false` for any later one: the caller cancels it.
    mutating func attach(_ subscription: Subscription) -> Bool {
        guard case .awaiting = self else { return false }
        self = .subscribed(subscription)
        return true
    }

    /// Closes the slot and hands out its subscription, to be cancelled or released after unlocking.
    mutating func close() -> Subscription? {
        defer { self = .closed }
        return subscription
    }
}
