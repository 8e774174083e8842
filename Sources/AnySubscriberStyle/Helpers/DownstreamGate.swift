import CombineFramework

/// The downstream of an operator that calls it outside its lock, possibly from more than one input.
///
/// Values are handed over with the lock released, so a terminal event raised by another input while a
/// value is in flight cannot be sent at once: the gate keeps it and gives it to whoever ends the last
/// delivery. The downstream's calls stay serial and nothing follows its terminal event, without ever
/// holding a lock while calling out. Every method is called with the owner's lock held.
struct DownstreamGate<Downstream: Subscriber> {
    /// `nil` once the terminal event has been taken out or the downstream has cancelled.
    private var downstream: Downstream?
    private var deliveriesInFlight = 0
    private var deferredCompletion: Subscribers.Completion<Downstream.Failure>?

    init(_ downstream: Downstream) {
        self.downstream = downstream
    }

    /// Whether anything may still go downstream: no cancel, no terminal event sent or waiting.
    var isOpen: Bool {
        downstream != nil && deferredCompletion == nil
    }

    /// The downstream to give one value to once the lock is released, or `nil` if the gate is shut.
    /// Every non-`nil` result must be paired with ``endDelivery()``.
    mutating func beginDelivery() -> Downstream? {
        guard isOpen else { return nil }
        deliveriesInFlight += 1
        return downstream
    }

    /// Ends a delivery; returns the terminal event that arrived meanwhile, if this was the last one.
    mutating func endDelivery() -> PendingCompletion<Downstream>? {
        deliveriesInFlight -= 1
        guard deliveriesInFlight == 0, let completion = deferredCompletion, let downstream else { return nil }
        self.downstream = nil
        deferredCompletion = nil
        return PendingCompletion(downstream: downstream, completion: completion)
    }

    /// Shuts the gate with a terminal event. Returns it to send now, or `nil` if the gate was already shut
    /// or a delivery is in flight (then ``endDelivery()`` hands it out).
    mutating func close(with completion: Subscribers.Completion<Downstream.Failure>)
        -> PendingCompletion<Downstream>?
    {
        guard isOpen, let downstream else { return nil }
        guard deliveriesInFlight == 0 else {
            deferredCompletion = completion
            return nil
        }
        self.downstream = nil
        return PendingCompletion(downstream: downstream, completion: completion)
    }

    /// The downstream cancelled: nothing more goes to it, not even a terminal event already waiting.
    mutating func cancel() {
        downstream = nil
        deferredCompletion = nil
    }
}
