#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive mutex (`PTHREAD_MUTEX_RECURSIVE`): the thread that holds it may lock it again.
///
/// RxSwift's multi-source operators and subjects forward events while holding their lock, and a
/// downstream may call back into the same operator on the same thread (a dispose, a new event), so
/// the lock must be re-entrant. It is a value wrapping one heap object that holds the mutex inline:
/// one allocation per lock, and a stable address, as pthread requires.
public struct RecursiveLock {
    private let storage: RecursiveLockStorage

    public init() {
        storage = RecursiveLockStorage.make()
    }

    public func lock() {
        storage.lock()
    }

    public func unlock() {
        storage.unlock()
    }

    /// Runs `body` while holding the lock.
    public func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        storage.lock()
        defer { storage.unlock() }
        return try body()
    }
}

/// The heap object of a ``RecursiveLock``: the pthread mutex is tail-allocated in it.
final class RecursiveLockStorage: ManagedBuffer<Void, pthread_mutex_t> {
    static func make() -> RecursiveLockStorage {
        let buffer = create(minimumCapacity: 1) { _ in () }
        let storage = unsafeDowncast(buffer, to: RecursiveLockStorage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            let result = pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
            precondition(result == 0, "pthread_mutex_init failed: \(result)")
        }
        return storage
    }

    func lock() {
        let result = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
        precondition(result == 0, "pthread_mutex_lock failed: \(result)")
    }

    func unlock() {
        let result = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
        precondition(result == 0, "pthread_mutex_unlock failed: \(result)")
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
        }
    }
}
