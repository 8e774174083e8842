/// Keeps the calls to a multi-source inner's downstream serial without holding a lock while calling out.
///
/// Values are delivered with the lock released, and the two inputs may end the operator from two
/// threads, so a terminal event that arrives while a value is in flight cannot be sent at once: the gate
/// defers it, and whoever ends the last delivery sends it. The downstream never sees two calls at once,
/// nor anything after its terminal event. Kept in the inner's locked state; the deferred event itself
/// is kept by the inner.
struct DeliveryGate {
    enum Closing {
        /// The operator had already ended: nothing to send.
        case alreadyClosed
        /// Send the terminal event now.
        case sendNow
        /// A delivery is in flight: ``endDelivery()`` will say when to send it.
        case deferred
    }

    private(set) var isOpen = true
    /// A count, not a flag: a value may be delivered re-entrantly from inside another delivery.
    private var deliveriesInFlight = 0
    private var hasDeferredCompletion = false

    /// Starts a delivery if the operator is still open. Every `true` is paired with ``endDelivery()``.
    mutating func beginDelivery() -> Bool {
        guard isOpen else { return false }
        deliveriesInFlight += 1
        return true
    }

    /// Ends a delivery. `true` if the caller must now send the terminal event deferred meanwhile.
    mutating func endDelivery() -> Bool {
        deliveriesInFlight -= 1
        guard deliveriesInFlight == 0, hasDeferredCompletion else { return false }
        hasDeferredCompletion = false
        return true
    }

    /// Ends the operator with a terminal event.
    mutating func close() -> Closing {
        guard isOpen else { return .alreadyClosed }
        isOpen = false
        guard deliveriesInFlight == 0 else {
            hasDeferredCompletion = true
            return .deferred
        }
        return .sendNow
    }

    /// The downstream cancelled: nothing more goes to it, not even a deferred terminal event.
    mutating func cancel() {
        isOpen = false
        hasDeferredCompletion = false
    }
}
