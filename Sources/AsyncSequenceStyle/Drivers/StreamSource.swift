#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `AsyncStream` fed from synchronous code: the measuring thread calls `send`, which yields into the
/// stream's continuation, the way code moving from a `PassthroughSubject` to `AsyncStream.makeStream()`
/// feeds it. The consumer task is resumed by the yield when it is waiting.
///
/// Buffering (``StreamBuffering``): unbounded by default; a bounded source waits for room instead of
/// dropping. `send` may be called from several threads at once (the continuation is thread-safe).
public final class StreamSource<Element>: PipelineSource, @unchecked Sendable {
    public let elements: AsyncStream<Element>
    public let buffering: StreamBuffering
    @usableFromInline
    let continuation: AsyncStream<Element>.Continuation

    public init(buffering: StreamBuffering = .unbounded) {
        self.buffering = buffering
        (elements, continuation) = AsyncStream.makeStream(
            of: Element.self,
            bufferingPolicy: buffering.policy(of: Element.self)
        )
    }

    /// Sends `element`; returns false if the stream has ended (finished, or its consumer cancelled).
    @inlinable
    @discardableResult
    public func send(_ element: Element) -> Bool {
        switch continuation.yield(element) {
        case .enqueued: return true
        case .terminated: return false
        case .dropped(let dropped): return sendWaitingForRoom(dropped)
        @unknown default: return false
        }
    }

    public func send<Batch: Sequence>(_ batch: Batch) -> Int where Batch.Element == Element {
        var sent = 0
        for element in batch {
            guard send(element) else { break }
            sent += 1
        }
        return sent
    }

    public func sendOneAtATime<Batch: Sequence>(
        _ batch: Batch,
        alreadySent: Int,
        progress: ConsumptionProgress,
        beforeEach: @escaping () -> Void
    ) -> Int where Batch.Element == Element {
        var sent = 0
        for element in batch {
            beforeEach()
            guard send(element) else { break }
            sent += 1
            progress.awaitProcessed(alreadySent + sent)
        }
        return sent
    }

    public func finish() {
        continuation.finish()
    }

    /// A bounded stream was full (`.bufferingOldest` returned the new element): offer it again once the
    /// consumer has had a chance to take one. Off the common path.
    @usableFromInline
    @inline(never)
    func sendWaitingForRoom(_ element: Element) -> Bool {
        while true {
            sched_yield()
            switch continuation.yield(element) {
            case .enqueued: return true
            case .terminated: return false
            case .dropped: continue
            @unknown default: return false
            }
        }
    }
}
