import Foundation
import Synchronization

/// Runs blocks on their own threads, released together from a barrier so that they really overlap,
/// and returns when all have finished. Plain pthreads, joined with `pthread_join`, so that
/// ThreadSanitizer sees every block happen before the code that reads their results. Shared by both test
/// targets.
public enum Concurrently {
    private final class Barrier: Sendable {
        let arrived = Atomic<Int>(0)
    }

    private final class Job {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }

    public static func run(_ blocks: [() -> Void]) {
        let barrier = Barrier()
        let count = blocks.count
        let threads = blocks.map { block in
            let job = Job {
                barrier.arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
                while barrier.arrived.load(ordering: .acquiring) < count { sched_yield() }
                block()
            }
            var thread = pthread_t()
            let result = pthread_create(&thread, nil, { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
            precondition(result == 0, "pthread_create failed: \(result)")
            return thread
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    public static func run(_ blocks: (() -> Void)...) {
        run(blocks)
    }
}
