/// An owner of observers that can remove one by its key.
protocol SynchronizedUnsubscribeType: AnyObject {
    associatedtype DisposeKey

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey)
}

/// Removes one observer from its owner when disposed. It holds the owner weakly: a subscription does
/// not keep a subject alive.
struct SubscriptionDisposable<Owner: SynchronizedUnsubscribeType>: Disposable {
    private let key: Owner.DisposeKey
    private weak var owner: Owner?

    init(owner: Owner, key: Owner.DisposeKey) {
        self.owner = owner
        self.key = key
    }

    func dispose() {
        owner?.synchronizedUnsubscribe(key)
    }
}
