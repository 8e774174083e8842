import CombineFramework
import StyleKit

/// The downstream end of every Combine-family cell: signals demand by its ``DemandPolicy`` (`.unlimited`
/// unless the workload sweeps demand) and forwards to the sink, counting its own demand traffic there.
/// A slow consumer (`consumerRounds` > 0) does ``ConsumerWork`` for every value before asking for more.
/// It keeps the subscription so the cell can cancel; the cycle through the subscription is broken on
/// completion or cancel.
///
/// Near free per value: its `receive(_:)` runs unspecialised (it is reached through a protocol witness
/// from the source or the last operator), so it does nothing there that depends on `Input` but fold it
/// (a call through `Input`'s `Checksummable` witness, which is specialised), and writes the sink's
/// fields through the sink's pointer: no runtime metadata lookup and no dynamic exclusivity check.
public final class CombineOutput<Input: Checksummable>: Subscriber, Cancellable {
    public typealias Failure = Never

    public let sink: OutputSink
    private let demand: DemandPolicy
    /// Whether a value needs more than counting: the slow consumer's work, or demand to signal. One
    /// flag to test per value instead of two fields (it fits in the padding after `demand`).
    private let needsMoreThanCounting: Bool
    private let consumerRounds: Int
    // Touched by this object alone, never across a call that could touch them again: no dynamic check.
    @exclusivity(unchecked) private var subscription: Subscription?
    /// Values received since demand was last signalled, for `.batch`.
    @exclusivity(unchecked) private var receivedInBatch = 0

    public init(sink: OutputSink, demand: DemandPolicy = .unlimited, consumerRounds: Int = 0) {
        self.sink = sink
        self.demand = demand
        self.consumerRounds = consumerRounds
        needsMoreThanCounting = consumerRounds > 0 || demand != .unlimited
    }

    public func receive(subscription: Subscription) {
        self.subscription = subscription
        sink.state.pointee.requestCalls &+= 1
        subscription.request(demand.initialDemand)
    }

    @inline(__always)
    public func receive(_ input: Input) -> Subscribers.Demand {
        let state = sink.state
        state.pointee.count(input)
        // Everything else is rare, and out of line: the common path calls nothing, so where it is inlined
        // it needs no registers saved.
        guard needsMoreThanCounting || state.pointee.latency != nil else { return .none }
        return afterCounting()
    }

    /// The latency of the value just counted, in latency mode; then the slow consumer's work and every
    /// demand policy but `.unlimited`.
    @inline(never)
    private func afterCounting() -> Subscribers.Demand {
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

    public func receive(completion: Subscribers.Completion<Never>) {
        subscription = nil
        sink.receiveCompletion()
    }

    public func cancel() {
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
    }
}
