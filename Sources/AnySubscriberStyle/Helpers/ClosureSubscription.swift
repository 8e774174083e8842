import CombineFramework

/// A `Subscription` assembled from closures: the downstream-facing twin of
/// `AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:)`.
///
/// Operators whose downstream cannot simply be given the upstream's subscription (histogram, the
/// multi-source operators) hand it one of these. It has to be a class: a subscription needs an identity
/// (`combineIdentifier`) and lives as long as the downstream keeps it. The closures capture the
/// operator's state strongly, because the downstream may be the only owner of that state; the state
/// drops the downstream and the upstream subscriptions at cancel or at the terminal event, which breaks
/// every cycle that runs through this object.
final class ClosureSubscription: Subscription {
    private let requestThunk: (Subscribers.Demand) -> Void
    private let cancelThunk: () -> Void

    init(request: @escaping (Subscribers.Demand) -> Void, cancel: @escaping () -> Void) {
        requestThunk = request
        cancelThunk = cancel
    }

    func request(_ demand: Subscribers.Demand) {
        requestThunk(demand)
    }

    func cancel() {
        cancelThunk()
    }
}
