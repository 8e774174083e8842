/// Something that can be cancelled: a subscription, a sink, an ``SimpleAnyCancellable``.
public protocol SimpleCancellable {
    /// Stops the activity and lets go of what it holds. Calling it again does nothing.
    func cancel()
}
