import CombineFramework

/// The locked state of `sample`'s inner (Sample.swift). It is not nested in the generic inner, so that
/// the `Mutex` holds a value of a fixed, non-generic type (see ``SubscriptionPublishers``).
struct SampleState {
    /// What a sampler event, or the end of an emission, leads to once the lock is released.
    enum Step {
        case none
        case replenish
        case emit
        case sendDeferred
        case finish(DeliveryGate.Closing, sampler: Subscription?)
    }

    var upstream = SubscriptionSlot.awaiting
    var sampler = SubscriptionSlot.awaiting
    var gate = DeliveryGate()
    /// The upstream has finished: the next sampler event finishes the downstream.
    var atEnd = false
    /// What the downstream has requested and not yet received.
    private var demand = Subscribers.Demand.none
    /// Demand for the sampler that arrived before its subscription.
    private var heldSamplerDemand = Subscribers.Demand.none

    /// Records downstream demand; returns the sampler's subscription to pass it to, if it exists.
    mutating func request(_ demand: Subscribers.Demand) -> Subscription? {
        guard gate.isOpen else { return nil }
        self.demand += demand
        guard case .awaiting = sampler else { return sampler.subscription }
        heldSamplerDemand += demand
        return nil
    }

    /// Takes the sampler's first subscription; returns the demand held for it, or `nil` to cancel it.
    mutating func attachSampler(_ subscription: Subscription) -> Subscribers.Demand? {
        guard sampler.attach(subscription) else { return nil }
        defer { heldSamplerDemand = .none }
        return heldSamplerDemand
    }

    mutating func samplerEvent(hasPending: Bool, isFinished: Bool) -> Step {
        guard gate.isOpen else { return .none }
        if hasPending, demand > .none, gate.beginDelivery() {
            demand -= 1
            return .emit
        }
        if atEnd {
            return finish()
        }
        return !isFinished && demand > .none ? .replenish : .none
    }

    mutating func endEmission(adding newDemand: Subscribers.Demand) -> Step {
        if gate.isOpen, newDemand > .none {
            demand += newDemand
        }
        if gate.endDelivery() {
            return .sendDeferred
        }
        return atEnd && gate.isOpen ? finish() : .none
    }

    /// Closes both inputs; returns their subscriptions, to be cancelled or released after unlocking.
    mutating func closeInputs() -> (upstream: Subscription?, sampler: Subscription?) {
        heldSamplerDemand = .none
        return (upstream.close(), sampler.close())
    }

    private mutating func finish() -> Step {
        .finish(gate.close(), sampler: closeInputs().sampler)
    }
}
