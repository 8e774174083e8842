/// An object whose state is guarded by a ``RecursiveLock``; helpers of a multi-source sink share the
/// sink's lock by returning it here. Owning the lock makes the owner a ``Lock`` itself (RxSwift's
/// `Concurrency/LockOwnerType.swift`).
public protocol LockOwnerType: AnyObject, Lock {
    var lock: RecursiveLock { get }
}

extension LockOwnerType {
    public func lock() {
        lock.lock()
    }

    public func unlock() {
        lock.unlock()
    }
}
