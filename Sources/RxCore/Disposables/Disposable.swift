/// A resource that can be released, typically a subscription.
public protocol Disposable {
    /// Releases the resource. Implementations in this module are idempotent and thread-safe.
    func dispose()
}
