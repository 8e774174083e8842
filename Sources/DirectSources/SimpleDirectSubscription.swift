import SimpleCombine

/// The subscription a ``SimpleDirectPublisher`` gives each subscriber: it keeps the subscriber's demand
/// and hands values to it directly (``DirectSubscription`` for SimpleCombine).
final class SimpleDirectSubscription<Downstream: SimpleSubscriber>:
    SimpleSubscriberSlot<Downstream.Input, Downstream.Failure>, SimpleSubscription
{
    private let downstream: Downstream

    init(downstream: Downstream, source: SimpleDirectPublisher<Downstream.Input, Downstream.Failure>) {
        self.downstream = downstream
        super.init(source: source) { slot, value in
            unsafeDowncast(slot, to: SimpleDirectSubscription.self).deliver(value)
        }
    }

    // MARK: - Delivery (called by the publisher)

    /// Hands `value` to the subscriber if it is live and has demand for it.
    @inline(__always)
    private func deliver(_ value: Downstream.Input) {
        guard isLive else { return }
        // What a subscriber with unlimited demand returns changes nothing.
        guard demand == .unlimited else { return deliverWithinDemand(value) }
        _ = downstream.receive(value)
    }

    /// Out of line, so that the unlimited path above stays small where it is inlined.
    @inline(never)
    private func deliverWithinDemand(_ value: Downstream.Input) {
        guard demand > .none else { return }
        demand -= 1
        let more = downstream.receive(value)
        // A subscriber that cancelled inside `receive` is not live: what it asks for is never used.
        if more > .none { demand += more }
    }

    override func deliver(completion: SimpleSubscribers.Completion<Downstream.Failure>) {
        guard end() else { return }
        downstream.receive(completion: completion)
    }

    // MARK: - SimpleSubscription

    func request(_ demand: SimpleSubscribers.Demand) {
        precondition(demand > .none, "a subscriber must request at least one value")
        guard isLive else { return }
        self.demand += demand
    }

    func cancel() {
        _ = end()
    }
}
