import OpenCombine
import StyleKit

/// The downstream end of every Combine-family cell: requests `.unlimited` and forwards to the sink.
/// It keeps the subscription so the cell can cancel; the cycle through the subscription is broken on
/// completion or cancel.
public final class CombineOutput<Input: Checksummable>: Subscriber, Cancellable {
    public typealias Failure = Never

    public let sink: OutputSink
    private var subscription: Subscription?

    public init(sink: OutputSink) { self.sink = sink }

    public func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    @inline(__always)
    public func receive(_ input: Input) -> Subscribers.Demand {
        sink.receive(input)
        return .none
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
