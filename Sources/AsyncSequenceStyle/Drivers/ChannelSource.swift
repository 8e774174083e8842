import AsyncAlgorithms
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An async-algorithms `AsyncChannel` fed from the measuring thread: the demand analogue, since a
/// sender suspends in `send` until the consumer has taken its element (no buffer at all).
///
/// `send` is `async`, so the elements of a batch are sent by a producer task, one `await send` after the
/// other, while the calling thread waits for that task to finish. That task is the channel's real
/// sender; its creation is part of each batch's cost (once per batch, not per element).
public final class ChannelSource<Element: Sendable>: PipelineSource, @unchecked Sendable {
    public let channel = AsyncChannel<Element>()

    public init() {}

    public var elements: AsyncChannel<Element> { channel }

    /// - Precondition: `batch` is safe to hand to the producer task (an array, a range, or a lazy view
    ///   of them over `Sendable` state).
    public func send<Batch: Sequence>(_ batch: Batch) -> Int where Batch.Element == Element {
        let channel = self.channel
        let batch = UncheckedSendable(batch)
        return runProducer {
            var sent = 0
            for element in batch.value {
                await channel.send(element)
                sent += 1
            }
            return sent
        }
    }

    public func sendOneAtATime<Batch: Sequence>(
        _ batch: Batch,
        alreadySent: Int,
        progress: ConsumptionProgress,
        beforeEach: @escaping () -> Void
    ) -> Int where Batch.Element == Element {
        let channel = self.channel
        let batch = UncheckedSendable(batch)
        // The producer task runs `beforeEach` itself, just before each send; the calling thread waits
        // for the task throughout, so the closure never runs concurrently with its caller.
        let stamp = UncheckedSendable(beforeEach)
        return runProducer {
            var sent = 0
            for element in batch.value {
                stamp.value()
                await channel.send(element)
                sent += 1
                await progress.processed(reaching: alreadySent + sent)
            }
            return sent
        }
    }

    public func finish() {
        channel.finish()
    }

    /// Runs `body` in a new task and waits, on the calling thread, until it has returned.
    private func runProducer(_ body: @escaping @Sendable () async -> Int) -> Int {
        let producer = ProducerCompletion()
        Task {
            producer.finish(await body())
        }
        return producer.wait()
    }
}

/// The hand-over from a producer task to the thread waiting for it.
private final class ProducerCompletion: Sendable {
    /// What the producer sent, once it has returned; -1 until then.
    private let count = Atomic<Int>(-1)

    func finish(_ sent: Int) {
        count.store(sent, ordering: .releasing)
    }

    func wait() -> Int {
        while true {
            let sent = count.load(ordering: .acquiring)
            if sent >= 0 { return sent }
            sched_yield()
        }
    }
}

/// A value handed to a task that the compiler cannot prove safe to share; see the preconditions where
/// it is used.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
