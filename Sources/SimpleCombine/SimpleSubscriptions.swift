/// The namespace of ready-made subscriptions, as `Subscriptions` is Combine's.
public enum SimpleSubscriptions {
    /// A subscription that ignores requests and cancellation: for a subscriber that is completed as soon
    /// as it subscribes (a subject that has already completed, an empty sequence).
    public static var empty: any SimpleSubscription { EmptySubscription.shared }
}

// MARK: -

private final class EmptySubscription: SimpleSubscription, Sendable {
    static let shared = EmptySubscription()

    func request(_ demand: SimpleSubscribers.Demand) {}

    func cancel() {}
}
