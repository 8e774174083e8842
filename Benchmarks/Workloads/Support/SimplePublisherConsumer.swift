import SimpleCombine

/// Receives a SimpleCombine pipeline with its full static type: ``PublisherConsumer`` for SimpleCombine,
/// so that a pipeline built in steps (a chain of stages) never needs its type erased.
public protocol SimplePublisherConsumer<Input> {
    associatedtype Input
    associatedtype Result

    func consume<P: SimplePublisher>(_ publisher: P) -> Result where P.Output == Input, P.Failure == Never
}
