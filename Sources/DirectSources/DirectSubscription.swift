import CombineFramework

/// The subscription a ``DirectPublisher`` gives each subscriber: it keeps the subscriber's demand and
/// hands values to it directly.
///
/// Made by the publisher's `receive(subscriber:)`, it is specialised for its subscriber when that call is:
/// when the caller knows both types and calls `receive(subscriber:)` itself (the benchmark attaches its
/// own sink that way). Behind an operator it is not: operators subscribe with OpenCombine's
/// `Publisher.subscribe(_:)`, whose body is not visible to the compiler outside OpenCombine, so
/// everything it calls runs unspecialised, and making ``SubscriberSlot/emit`` there allocates a context
/// for the subscriber's type.
///
/// It holds its subscriber in a `let`, until the subscription itself is released, rather than in an
/// optional it empties on cancel as `PassthroughSubject`'s conduit does: in unspecialised code, reading an
/// `Optional<Downstream>` means looking its metadata up and copying the subscriber out, on every value,
/// while a `let` is lent in place. The cycle subscriber -> subscription -> subscriber is broken by the
/// subscriber, which lets go of its subscription when it cancels or completes.
final class DirectSubscription<Downstream: Subscriber>:
    SubscriberSlot<Downstream.Input, Downstream.Failure>, Subscription
{
    private let downstream: Downstream

    init(downstream: Downstream, source: DirectPublisher<Downstream.Input, Downstream.Failure>) {
        self.downstream = downstream
        super.init(source: source) { slot, value in
            unsafeDowncast(slot, to: DirectSubscription.self).deliver(value)
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
        guard demand > 0 else { return }
        demand -= 1
        let more = downstream.receive(value)
        // A subscriber that cancelled inside `receive` is not live: what it asks for is never used.
        if more > 0 { demand += more }
    }

    override func deliver(completion: Subscribers.Completion<Downstream.Failure>) {
        guard end() else { return }
        downstream.receive(completion: completion)
    }

    // MARK: - Subscription

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "a subscriber must request at least one value")
        guard isLive else { return }
        self.demand += demand
    }

    func cancel() {
        _ = end()
    }
}
