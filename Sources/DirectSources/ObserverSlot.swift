import RxCore

/// A ``DirectObservable``'s view of one of its subscriptions: the subscription, with its observer's type
/// erased so that the observable can list observers of any type. Abstract: ``DirectObservation`` is the
/// only subclass.
///
/// A `.next` reaches the observer through ``emit``, a function the subscription makes when it is made:
/// where the observer's type is known at compile time (a subscription made in specialised code), it is
/// specialised for it and calls the observer's `on` directly, even inlined. Events reach it already built:
/// `Event<Element>` is made by the observable's `on`, which callers reach specialised for their element
/// type, and only passed along here, because building or inspecting an `Event<Element>` in unspecialised
/// code looks its metadata up at run time.
///
/// Its field is touched from one thread at a time (the observable's rule) and never by an access that
/// spans a call, so it goes without dynamic exclusivity checks.
class ObserverSlot<Element>: DeliveryNode {
    /// Hands a `.next` event to the subscription passed in (always this one) if it is live. The event is
    /// lent, and passed on as it is: a subscription made in unspecialised code could not copy it (or read
    /// it through a pointer, which copies) without looking the event type's metadata up at run time.
    typealias Emit = (ObserverSlot, Event<Element>) -> Void

    /// The observable while the subscription is live; nil once it was disposed or stopped.
    @exclusivity(unchecked) final var source: DirectObservable<Element>?
    final let emit: Emit

    init(source: DirectObservable<Element>, emit: @escaping Emit) {
        self.source = source
        self.emit = emit
    }

    final var isLive: Bool {
        @inline(__always) get { source != nil }
    }

    /// Hands `event`, a stop event, to the observer if it is live, and ends the subscription.
    func deliverStop(_ event: Event<Element>) {
        preconditionFailure("abstract: DirectObservation overrides it")
    }

    /// Ends the subscription; returns whether it was live (only the first end counts).
    final func end() -> Bool {
        guard let source else { return false }
        self.source = nil
        source.ended(self)
        return true
    }
}
