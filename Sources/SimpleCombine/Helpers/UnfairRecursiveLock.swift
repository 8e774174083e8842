#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive lock, allocated out of line: what a subject's conduit holds while it calls its subscriber
/// (Combine's "downstream lock"), so that calls to one subscriber never overlap, while a subscriber that
/// sends into the same subject from inside `receive` re-enters on its own thread.
///
/// A recursive `pthread_mutex_t`, visible to ThreadSanitizer (see ``UnfairLock``). The owner calls
/// ``deallocate()`` in its `deinit`.
package struct UnfairRecursiveLock {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init(mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        self.mutex = mutex
    }

    package static func allocate() -> UnfairRecursiveLock {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, &attributes)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
        return UnfairRecursiveLock(mutex: mutex)
    }

    @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    package func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
}
