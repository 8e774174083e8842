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

    /// The observable while the subscription is live; nil once it was disposed or stopped, or the
    /// observable went away. Not a strong reference, so that an observable and its subscriptions make no
    /// cycle: the observable lists every subscription whose `source` it is, and clears them all when it is
    /// released (``detach()``), so this never outlives it.
    @exclusivity(unchecked) final unowned(unsafe) var source: DirectObservable<Element>?
    final let emit: Emit

    init(source: DirectObservable<Element>, emit: @escaping Emit) {
        self.source = source
        self.emit = emit
    }

    /// Whether the subscription still delivers: `source` is set. A flag of its own, because reading an
    /// `unowned(unsafe)` reference in unspecialised code retains and releases it, on every value.
    @exclusivity(unchecked) final private(set) var isLive = true

    /// Hands `event`, a stop event, to the observer if it is live, and ends the subscription.
    func deliverStop(_ event: Event<Element>) {
        preconditionFailure("abstract: DirectObservation overrides it")
    }

    /// The observable is going away: the subscription delivers nothing more (its observer receives no
    /// stop event, as with `PublishSubject` released before it stops).
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
