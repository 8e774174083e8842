import SimpleCombine

/// The downstream end of every `simpleCombine` cell: ``CombineOutput`` for SimpleCombine's subscriber
/// protocol. It signals demand by its ``DemandPolicy`` and forwards to the sink; a slow consumer does
/// ``ConsumerWork`` for every value before asking for more. It keeps the subscription so the cell can
/// cancel; the cycle through the subscription is broken on completion or cancel.
///
/// Near free per value, for the reasons ``CombineOutput`` gives.
public final class SimpleCombineOutput<Input: Checksummable>: SimpleSubscriber, SimpleCancellable {
    public typealias Failure = Never

    public let sink: OutputSink
    private let demand: DemandPolicy
    /// Whether a value needs more than counting (see ``CombineOutput``).
    private let needsMoreThanCounting: Bool
    private let consumerRounds: Int
    // Touched by this object alone, never across a call that could touch them again: no dynamic check.
    @exclusivity(unchecked) private var subscription: (any SimpleSubscription)?
    /// Values received since demand was last signalled, for `.batch`.
    @exclusivity(unchecked) private var receivedInBatch = 0

    public init(sink: OutputSink, demand: DemandPolicy = .unlimited, consumerRounds: Int = 0) {
        self.sink = sink
        self.demand = demand
        self.consumerRounds = consumerRounds
        needsMoreThanCounting = consumerRounds > 0 || demand != .unlimited
    }

    public func receive(subscription: any SimpleSubscription) {
        self.subscription = subscription
        sink.state.pointee.requestCalls &+= 1
        subscription.request(demand.initialSimpleDemand)
    }

    @inline(__always)
    public func receive(_ input: Input) -> SimpleSubscribers.Demand {
        let state = sink.state
        state.pointee.count(input)
        guard needsMoreThanCounting || state.pointee.latency != nil else { return .none }
        return afterCounting()
    }

    /// The latency, the slow consumer's work and every demand policy but `.unlimited`: out of line.
    @inline(never)
    private func afterCounting() -> SimpleSubscribers.Demand {
        let state = sink.state
        ConsumerWork.afterCounting(state, rounds: consumerRounds)
        switch demand.signal(afterValue: state, receivedInBatch: &receivedInBatch) {
        case .nothing:
            return .none
        case .returned(let count):
            return .max(count)
        case .requested(let count):
            subscription?.request(.max(count))
            return .none
        }
    }

    public func receive(completion: SimpleSubscribers.Completion<Never>) {
        subscription = nil
        sink.receiveCompletion()
    }

    public func cancel() {
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
    }
}

extension DemandPolicy {
    /// What the subscriber requests when it receives its subscription, in SimpleCombine's terms.
    var initialSimpleDemand: SimpleSubscribers.Demand {
        initialDemand.max.map { .max($0) } ?? .unlimited
    }
}
