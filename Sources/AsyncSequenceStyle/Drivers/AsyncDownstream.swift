/// The end of an ``AsyncPipeline``: what its consumer task hands every output to. Called from the
/// consumer task only, one call at a time.
public protocol AsyncDownstream<Input>: AnyObject {
    associatedtype Input

    func receive(_ value: Input)

    /// The pipeline's elements ended and everything was delivered. Not called when the consumer task was
    /// cancelled.
    func receiveCompletion()
}
