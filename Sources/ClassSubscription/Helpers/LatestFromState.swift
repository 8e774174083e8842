import CombineFramework

/// The locked state of ``LatestFromInner``. It is not nested in the generic inner, so that the `Mutex`
/// holds a value of a fixed, non-generic type (see ``SubscriptionPublishers``).
struct LatestFromState {
    var upstream = SubscriptionSlot.awaiting
    var other = SubscriptionSlot.awaiting
    var gate = DeliveryGate()
    /// Downstream demand goes straight to the upstream once `other` has produced a value and the
    /// upstream's subscription exists; until then it is held (the custom-operator pattern).
    private var demandFlows = false
    private var heldDemand = Subscribers.Demand.none

    /// Records downstream demand; returns where to send it now, if anywhere.
    mutating func request(_ demand: Subscribers.Demand) -> Subscription? {
        guard gate.isOpen else { return nil }
        guard demandFlows else {
            heldDemand += demand
            return nil
        }
        return upstream.subscription
    }

    /// Lets demand flow if it can now: returns the demand held until then and where it goes.
    mutating func releaseHeldDemand(hasLatest: Bool) -> (upstream: Subscription, demand: Subscribers.Demand)? {
        guard !demandFlows, hasLatest, let subscription = upstream.subscription else { return nil }
        demandFlows = true
        defer { heldDemand = .none }
        return (subscription, heldDemand)
    }

    /// Closes both inputs; returns their subscriptions, to be cancelled or released after unlocking.
    mutating func closeInputs() -> (upstream: Subscription?, other: Subscription?) {
        heldDemand = .none
        return (upstream.close(), other.close())
    }
}
