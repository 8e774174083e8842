/// The publishers of the `anySubscriber` style: operators assembled from closures.
///
/// Every operator's `receive(subscriber:)` builds the subscriber it hands to its upstream as an
/// `AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:)` whose closures capture the
/// downstream and, where the operator needs state, a small shared state object (the custom-operator
/// pattern's `trackLatestFromSecondStream`). The type erasure and the closure calls are what this style
/// measures.
public enum ClosurePublishers {}
