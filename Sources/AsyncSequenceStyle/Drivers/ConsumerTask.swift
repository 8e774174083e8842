import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The task at the end of an ``AsyncPipeline``: it iterates the pipeline with `for await` (or reduces
/// it, for an operator that emits once at the end) and hands what comes out to an ``AsyncDownstream``.
///
/// An ordinary `Task`, started from the synchronous caller, so it runs on the global concurrent
/// executor: every element crosses from the sending thread to one of its threads (the task hop).
public final class ConsumerTask: @unchecked Sendable {
    /// How the task ended.
    public enum Ending: UInt8, Hashable, Sendable {
        /// The elements ended and the downstream received its completion.
        case finished = 1
        /// The task was cancelled; the downstream received no completion.
        case cancelled
        /// The pipeline threw; the downstream received no completion.
        case failed
    }

    private let ending = Atomic<UInt8>(0)
    /// Set once, by the factory, before anyone else can see the object.
    private var task: Task<Void, Never>?

    private init() {}

    /// Starts a task that iterates `sequence` into `downstream`, then completes it. `progress` learns
    /// when the task stops (an ``AsyncPipeline`` makes one; a cell composing another shape, several
    /// consumers of one shared source say, makes its own).
    public static func iterating<Sequence: AsyncSequence, Downstream: AsyncDownstream>(
        _ sequence: Sequence,
        into downstream: Downstream,
        progress: ConsumptionProgress
    ) -> ConsumerTask where Sequence.Element == Downstream.Input {
        let work = UncheckedSendable((sequence, downstream))
        return ConsumerTask().started(progress: progress) {
            let (sequence, downstream) = work.value
            do {
                for try await value in sequence {
                    downstream.receive(value)
                }
            } catch {
                return .failed
            }
            // A cancelled stream ends as if it had finished: only the task knows the difference.
            guard !Task.isCancelled else { return .cancelled }
            downstream.receiveCompletion()
            return .finished
        }
    }

    /// Starts a task that reduces `sequence` to one value, hands it to `downstream`, then completes it.
    public static func reducing<Sequence: AsyncSequence, Downstream: AsyncDownstream>(
        _ sequence: Sequence,
        with reduce: @escaping (Sequence) async throws -> Downstream.Input,
        into downstream: Downstream,
        progress: ConsumptionProgress
    ) -> ConsumerTask {
        let work = UncheckedSendable((sequence, reduce, downstream))
        return ConsumerTask().started(progress: progress) {
            let (sequence, reduce, downstream) = work.value
            let result: Downstream.Input
            do {
                result = try await reduce(sequence)
            } catch {
                return .failed
            }
            guard !Task.isCancelled else { return .cancelled }
            downstream.receive(result)
            downstream.receiveCompletion()
            return .finished
        }
    }

    private func started(
        progress: ConsumptionProgress,
        _ body: @escaping @Sendable () async -> Ending
    ) -> ConsumerTask {
        task = Task { [self] in
            let ending = await body()
            progress.noteStopped()
            self.ending.store(ending.rawValue, ordering: .releasing)
        }
        return self
    }

    /// How the task ended, or nil while it runs.
    public var end: Ending? {
        Ending(rawValue: ending.load(ordering: .acquiring))
    }

    /// Asks the task to stop: the source's iteration returns `nil` at once, the pipeline ends, and the
    /// downstream receives no completion.
    public func cancel() {
        task?.cancel()
    }

    /// Waits on the calling thread until the task has ended, and says how.
    @discardableResult
    public func awaitEnd() -> Ending {
        while true {
            if let end { return end }
            sched_yield()
        }
    }
}
