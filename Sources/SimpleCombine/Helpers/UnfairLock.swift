#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small non-recursive lock, allocated out of line so that it never moves: the `pthread_mutex_t` that
/// stands in on Linux for the `os_unfair_lock` Combine takes on Apple platforms (OpenCombine's Linux
/// `UnfairLock` is the same).
///
/// Not `Synchronization.Mutex`: ThreadSanitizer on Linux does not see `Mutex`'s futex calls, and every
/// access it guards would be reported as a race (scripts/lib/tsan-suppressions.txt), whereas a pthread
/// mutex keeps this core fully checked. Shared with the operators module through `package` access; it
/// is not part of the core's public API.
///
/// The owner calls ``deallocate()`` in its `deinit`.
package struct UnfairLock {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init(mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        self.mutex = mutex
    }

    package static func allocate() -> UnfairLock {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
        return UnfairLock(mutex: mutex)
    }

    @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` holding the lock. `body` must not call out to code that may take the lock again.
    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    package func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
}
