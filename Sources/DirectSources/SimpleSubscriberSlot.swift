import SimpleCombine

/// A ``SimpleDirectPublisher``'s view of one of its subscriptions, with the subscriber's type erased
/// (``SubscriberSlot`` for SimpleCombine). Abstract: ``SimpleDirectSubscription`` is the only subclass.
///
/// A value reaches the subscriber through ``emit``, made with the subscription, so that where the
/// subscriber's type is known at compile time it is specialised for it (see ``SubscriberSlot``).
class SimpleSubscriberSlot<Output, Failure: Error>: DeliveryNode {
    /// Hands the value to the subscription passed in (always this one), if it is live and has demand;
    /// `inout` for the reason ``SubscriberSlot/Emit`` gives.
    typealias Emit = (SimpleSubscriberSlot, inout Output) -> Void

    /// The publisher while the subscription is live (see ``SubscriberSlot/source``).
    @exclusivity(unchecked) final unowned(unsafe) var source: SimpleDirectPublisher<Output, Failure>?
    /// Values the subscriber asked for and has not received yet.
    @exclusivity(unchecked) final var demand = SimpleSubscribers.Demand.none
    /// Whether the subscription still delivers (a flag of its own: see ``SubscriberSlot/isLive``).
    @exclusivity(unchecked) final private(set) var isLive = true
    final let emit: Emit

    init(source: SimpleDirectPublisher<Output, Failure>, emit: @escaping Emit) {
        self.source = source
        self.emit = emit
    }

    /// Ends the subscription with `completion`, if it is live.
    func deliver(completion: SimpleSubscribers.Completion<Failure>) {
        preconditionFailure("abstract: SimpleDirectSubscription overrides it")
    }

    /// The publisher is going away: the subscription delivers nothing more.
    final func detach() {
        source = nil
        isLive = false
    }

    /// Ends the subscription; returns whether it was live (only the first end counts).
    final func end() -> Bool {
        guard isLive, let source else { return false }
        self.source = nil
        isLive = false
        source.ended(self)
        return true
    }
}
