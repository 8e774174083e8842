/// Where an ``AsyncPipeline``'s elements come from: fed by the calling (measuring) thread, iterated
/// once by the pipeline's consumer task. ``StreamSource`` (AsyncStream) and ``ChannelSource``
/// (AsyncChannel) are the two.
public protocol PipelineSource: AnyObject {
    associatedtype Element
    associatedtype Elements: AsyncSequence where Elements.Element == Element

    /// The sequence the consumer iterates.
    var elements: Elements { get }

    /// Sends every element of `batch`, in order; returns once they are all sent, which may be before
    /// the consumer has taken them. Returns the number sent (fewer if the consumer has stopped).
    func send<Batch: Sequence>(_ batch: Batch) -> Int where Batch.Element == Element

    /// Sends the elements of `batch` one at a time: calls `beforeEach` just before sending each, and
    /// sends the next only once `progress` shows the previous one has been through the consumer's loop
    /// (one element in flight at a time: the latency repetitions). `alreadySent` elements went before.
    func sendOneAtATime<Batch: Sequence>(
        _ batch: Batch,
        alreadySent: Int,
        progress: ConsumptionProgress,
        beforeEach: @escaping () -> Void
    ) -> Int where Batch.Element == Element

    /// Ends the elements: the consumer finishes after the ones already sent. Calling it again does
    /// nothing.
    func finish()
}
