import CombineFramework

/// A ``DirectPublisher``'s view of one of its subscriptions: the subscription, with its subscriber's type
/// erased so that the publisher can list subscriptions of any subscriber. Abstract: ``DirectSubscription``
/// is the only subclass.
///
/// A value reaches the subscriber through ``emit``, a function the subscription makes when it is made:
/// where the subscriber's type is known at compile time (a subscription made in specialised code), it is
/// specialised for it, and the subscriber's `receive` is called directly, even inlined, with no
/// protocol witness, no virtual call and no runtime type lookup on the way.
///
/// Its fields do not depend on the subscriber's type, so they sit at fixed offsets for unspecialised code
/// too. They are touched from one thread at a time (the publisher's rule) and never by an access that
/// spans a call, so they go without dynamic exclusivity checks, which would cost more than the rest of
/// a delivery.
class SubscriberSlot<Output, Failure: Error>: DeliveryNode {
    /// Hands the value to the subscription passed in (always this one) if it is live and has demand. The
    /// value is passed `inout` although it is only read: an `inout` is passed by address whatever the
    /// abstraction, so a function made for a concrete `Output` needs no reabstraction thunk to be stored
    /// here, and one made in unspecialised code lends the value on without copying it (reading it
    /// through a pointer copies it).
    typealias Emit = (SubscriberSlot, inout Output) -> Void

    /// The publisher while the subscription is live; nil once it was cancelled or completed, or the
    /// publisher went away. Not a strong reference, so that a publisher and its subscriptions make no
    /// cycle: the publisher lists every subscription whose `source` it is, and clears them all when it is
    /// released (``detach()``), so this never outlives it.
    @exclusivity(unchecked) final unowned(unsafe) var source: DirectPublisher<Output, Failure>?
    /// Values the subscriber asked for and has not received yet.
    @exclusivity(unchecked) final var demand = Subscribers.Demand.none
    final let emit: Emit

    init(source: DirectPublisher<Output, Failure>, emit: @escaping Emit) {
        self.source = source
        self.emit = emit
    }

    /// Whether the subscription still delivers: `source` is set. A flag of its own, because reading an
    /// `unowned(unsafe)` reference in unspecialised code retains and releases it, on every value.
    @exclusivity(unchecked) final private(set) var isLive = true

    /// Ends the subscription with `completion`, if it is live.
    func deliver(completion: Subscribers.Completion<Failure>) {
        preconditionFailure("abstract: DirectSubscription overrides it")
    }

    /// The publisher is going away: the subscription delivers nothing more (its subscriber receives no
    /// completion, as with any publisher that is released before it completes).
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
