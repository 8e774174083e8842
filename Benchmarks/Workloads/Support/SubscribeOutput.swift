import CombineFramework
import StyleKit

/// Hands a built pipeline to a ``CombineOutput``: the consumer that keeps every pipeline fully typed.
///
/// It attaches the output with `receive(subscriber:)`, which is what OpenCombine's `subscribe(_:)` calls
/// when no debugging hook is installed (it never is here): `subscribe(_:)` is not inlinable, so going
/// through it would hide the output's type from the publisher, and the last publisher of a pipeline built
/// in specialised code could not specialise its subscription for the output. The styles' operators
/// subscribe to their upstreams with `subscribe(_:)`, as apps do.
struct SubscribeOutput<Input: Checksummable>: PublisherConsumer {
    public typealias Failure = Never

    let output: CombineOutput<Input>

    func consume<P: Publisher>(_ publisher: P) where P.Output == Input, P.Failure == Never {
        publisher.receive(subscriber: output)
    }
}
