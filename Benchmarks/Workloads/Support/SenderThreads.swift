#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lends ``SenderThread``s to cells, one cell at a time, and keeps them for the life of the process.
///
/// Why not a thread per cell: creating a thread is not part of any pipeline's set-up, and glibc keeps an
/// exited thread's stack in a cache together with the TLS vector the *creating* thread allocated for
/// it, so a cell that created its thread seemed to retain that vector (448 bytes here) whenever no
/// cached stack was free to reuse. Cells borrow when they are made (the runner makes a cell before its
/// first allocation snapshot) and give back in teardown; a runner measuring one cell at a time reuses
/// one thread throughout, and tests running cells in parallel get one each.
enum SenderThreads {
    private final class Pool: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        // Guarded by `mutex` (a pthread mutex, which ThreadSanitizer sees).
        private var idle: [SenderThread] = []

        init() {
            pthread_mutex_init(mutex, nil)
            idle.reserveCapacity(8)
        }

        func take() -> SenderThread? {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return idle.popLast()
        }

        func put(_ thread: SenderThread) {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            idle.append(thread)
        }
    }

    private static let pool = Pool()

    /// An idle thread, or a new one.
    static func borrow() -> SenderThread {
        pool.take() ?? SenderThread()
    }

    /// Returns a thread that has finished its last range; its `body` is cleared.
    static func giveBack(_ thread: SenderThread) {
        thread.body = nil
        pool.put(thread)
    }
}
