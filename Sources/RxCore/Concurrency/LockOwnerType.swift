/// An object whose state is guarded by a ``RecursiveLock``; helpers of a multi-source sink share the
/// sink's lock by returning it here.
public protocol LockOwnerType: AnyObject {
    var lock: RecursiveLock { get }
}
