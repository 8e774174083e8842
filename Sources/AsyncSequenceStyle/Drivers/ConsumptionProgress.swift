import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How far the consumer task has got through the source's elements: the handshake that lets a cell's
/// `run` cover the processing of everything it sent (as `asyncHop`'s receiver does for its queue).
///
/// ``CountingSequence`` counts the consumer's calls for a source element. The consumer asks for element
/// *n + 1* only once element *n* has been through the whole pipeline and the `for await` body (each
/// stage pulls the next element only after pushing the previous one on), so *calls − 1* elements are
/// done, whatever the operators dropped (filter) or held (histogram). The count is stored with release
/// ordering and read with acquire, so a thread that saw it also sees what the consumer did with those
/// elements.
public final class ConsumptionProgress: Sendable {
    /// Calls for an element so far. Written by the consumer task only.
    @usableFromInline
    let requests = Atomic<Int>(0)
    /// The consumer has stopped (finished, cancelled or failed): nothing more will be processed.
    private let stopped = Atomic<Bool>(false)

    public init() {}

    /// Elements the consumer has processed.
    public var processed: Int {
        max(0, requests.load(ordering: .acquiring) - 1)
    }

    /// Whether the consumer has stopped.
    public var hasStopped: Bool {
        stopped.load(ordering: .acquiring)
    }

    // MARK: - Consumer side

    @usableFromInline
    @inline(__always)
    func noteRequest() {
        // Only the consumer task writes: a load and a store, not a read-modify-write.
        requests.store(requests.load(ordering: .relaxed) &+ 1, ordering: .releasing)
    }

    func noteStopped() {
        stopped.store(true, ordering: .releasing)
    }

    // MARK: - Sender side

    /// Waits on the calling thread until `count` elements have been processed or the consumer has
    /// stopped. Spins with a yield: the consumer runs on another core, and the wait ends the moment it
    /// is done instead of a wake-up later.
    public func awaitProcessed(_ count: Int) {
        while processed < count, !hasStopped {
            sched_yield()
        }
    }

    /// Waits on the calling thread until the consumer has asked for its first element or has stopped.
    public func awaitFirstRequest() {
        while requests.load(ordering: .acquiring) < 1, !hasStopped {
            sched_yield()
        }
    }

    /// Waits in a task, yielding to other tasks, until `count` elements have been processed or the
    /// consumer has stopped.
    public func processed(reaching count: Int) async {
        while processed < count, !hasStopped {
            await Task.yield()
        }
    }
}
