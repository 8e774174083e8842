/// An observer that handles its events under a lock (RxSwift's `Concurrency/SynchronizedOnType.swift`).
///
/// Multi-source operators conform their sink and its helper observers to this protocol and to
/// ``LockOwnerType`` with the same lock: their inputs may deliver on different threads, and
/// `synchronized_on` serialises them. As in RxSwift, the lock stays held while `synchronized_on`
/// forwards downstream.
public protocol SynchronizedOnType: AnyObject, ObserverType, Lock {
    /// Handles `event`; called with the lock held.
    func synchronized_on(_ event: Event<Element>)
}

extension SynchronizedOnType {
    /// Takes the lock, calls ``synchronized_on(_:)``, releases the lock.
    public func synchronizedOn(_ event: Event<Element>) {
        lock()
        defer { unlock() }
        synchronized_on(event)
    }
}
