import CombineFramework

/// Receives a pipeline with its full static type.
///
/// Styles hand the publishers they build to a consumer instead of returning them, so callers never
/// need to erase the type: the harness subscribes concrete subscribers to concrete operators and the
/// optimiser can specialise the whole chain, exactly as it would in an app.
public protocol PublisherConsumer<Input, Failure> {
    associatedtype Input
    associatedtype Failure: Error
    associatedtype Result

    func consume<P: Publisher>(_ publisher: P) -> Result where P.Output == Input, P.Failure == Failure
}

/// The consumer for code that does not care about the static type (tests, examples).
public struct EraseToAnyPublisher<Input, Failure: Error>: PublisherConsumer {
    public init() {}

    public func consume<P: Publisher>(_ publisher: P) -> AnyPublisher<Input, Failure>
    where P.Output == Input, P.Failure == Failure {
        publisher.eraseToAnyPublisher()
    }
}
