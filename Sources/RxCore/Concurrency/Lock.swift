/// Something that can be locked and unlocked (RxSwift's `Concurrency/Lock.swift`).
public protocol Lock {
    func lock()
    func unlock()
}

/// RxSwift's name for the lock of its dispose bag and schedulers: the same recursive lock.
public typealias SpinLock = RecursiveLock

extension RecursiveLock: Lock {
    /// Runs `action` while holding the lock.
    @inline(__always)
    public final func performLocked<T>(_ action: () -> T) -> T {
        lock()
        defer { unlock() }
        return action()
    }
}
