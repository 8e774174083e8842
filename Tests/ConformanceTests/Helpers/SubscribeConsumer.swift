import CombineFramework
import StyleKit

/// Subscribes a ``TrackingSubscriber`` straight to the publisher a style builds, with its full static
/// type, as the harness does (no `AnyPublisher` in between).
struct SubscribeConsumer<Input>: PublisherConsumer {
    typealias Failure = TestError

    let subscriber: TrackingSubscriber<Input, TestError, OpenCombineCore>

    func consume<P: Publisher>(_ publisher: P) where P.Output == Input, P.Failure == TestError {
        publisher.subscribe(subscriber)
    }
}
