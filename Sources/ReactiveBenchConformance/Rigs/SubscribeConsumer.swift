import CombineFramework
import StyleKit

/// Subscribes a ``TrackingSubscriber`` with a ``DemandPolicy`` straight to the publisher a style builds,
/// with its full static type, as the harness does (no `AnyPublisher` in between), and returns it.
package struct SubscribeConsumer<Input>: PublisherConsumer {
    package typealias Failure = TestError

    let demand: DemandPolicy

    init(_ demand: DemandPolicy) {
        self.demand = demand
    }

    package func consume<P: Publisher>(_ publisher: P) -> any OutputRecording
    where P.Output == Input, P.Failure == TestError {
        let subscriber = TrackingSubscriber<Input, TestError, OpenCombineCore>(demand)
        publisher.subscribe(subscriber)
        return subscriber
    }
}
