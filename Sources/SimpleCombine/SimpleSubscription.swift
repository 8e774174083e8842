/// The link between a publisher and one subscriber (Combine's `Subscription`): the subscriber asks for
/// values through it and cancels through it.
///
/// `request(_:)` and `cancel()` may be called from any thread, also while values are being delivered;
/// `cancel()` may be called any number of times.
public protocol SimpleSubscription: SimpleCancellable, SimpleCombineIdentifierConvertible {
    /// Tells the publisher that it may send `demand` more values.
    ///
    /// - Precondition: `demand` is not `.none`.
    func request(_ demand: SimpleSubscribers.Demand)
}
