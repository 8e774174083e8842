import OpenCombine
import StyleKit

/// The downstream end of every Combine-family cell: signals demand by its ``DemandPolicy`` (`.unlimited`
/// unless the workload sweeps demand) and forwards to the sink, counting its own demand traffic there.
/// A slow consumer (`consumerRounds` > 0) does ``ConsumerWork`` for every value before asking for more.
/// It keeps the subscription so the cell can cancel; the cycle through the subscription is broken on
/// completion or cancel.
public final class CombineOutput<Input: Checksummable>: Subscriber, Cancellable {
    public typealias Failure = Never

    public let sink: OutputSink
    private let demand: DemandPolicy
    private let consumerRounds: Int
    private var subscription: Subscription?
    /// Values received since demand was last signalled, for `.batch`.
    private var receivedInBatch = 0

    public init(sink: OutputSink, demand: DemandPolicy = .unlimited, consumerRounds: Int = 0) {
        self.sink = sink
        self.demand = demand
        self.consumerRounds = consumerRounds
    }

    public func receive(subscription: Subscription) {
        self.subscription = subscription
        sink.requestCalls &+= 1
        subscription.request(demand.initialDemand)
    }

    @inline(__always)
    public func receive(_ input: Input) -> Subscribers.Demand {
        sink.receive(input)
        if consumerRounds > 0 { ConsumerWork.perform(rounds: consumerRounds, seed: sink.valueCount) }
        switch demand {
        case .unlimited:
            return .none
        case .max1Returned:
            sink.demandReturns &+= 1
            return .max(1)
        case .max1Requested:
            sink.requestCalls &+= 1
            subscription?.request(.max(1))
            return .none
        case .batch(let size):
            receivedInBatch &+= 1
            guard receivedInBatch == size else { return .none }
            receivedInBatch = 0
            sink.demandReturns &+= 1
            return .max(size)
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

/// Hands a built pipeline to a `CombineOutput`: the consumer that keeps every pipeline fully typed.
struct SubscribeOutput<Input: Checksummable>: PublisherConsumer {
    public typealias Failure = Never

    let output: CombineOutput<Input>

    func consume<P: Publisher>(_ publisher: P) where P.Output == Input, P.Failure == Never {
        publisher.subscribe(output)
    }
}
