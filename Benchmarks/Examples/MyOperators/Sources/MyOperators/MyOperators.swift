import Foundation
import CombineFramework
import StyleKit

// The two operators of the custom-operator pattern (ReactiveBench's docs/ORIGINS.md), written its way:
// `myMap`, a struct publisher whose subscriber transforms each value, and `myWithLatestFrom`, a class that
// is the downstream's subscription and holds the latest value of `other`. Then the style that lets
// ReactiveBench measure them beside its own rows.

extension Publisher {
    /// `transform(value)` for every value; demand and completion pass through.
    public func myMap<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.MyMap<Self, Result> {
        Publishers.MyMap(upstream: self, transform: transform)
    }

    /// Each value combined with the latest value of `other`, if there is one (docs/SEMANTICS.md of
    /// ReactiveBench: `other` is subscribed to first and asked for everything; demand that comes before
    /// its first value is held; a value with nothing to combine with is dropped and replenished).
    public func myWithLatestFrom<Other: Publisher, Result>(
        _ other: Other, _ transform: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.MyWithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
        Publishers.MyWithLatestFrom(upstream: self, other: other, transform: transform)
    }
}

// MARK: - myMap

extension Publishers {
    public struct MyMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        let upstream: Upstream
        let transform: (Upstream.Output) -> Output

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MyMapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

/// Transforms and forwards; the upstream's subscription goes downstream as it is.
private struct MyMapSubscriber<Input, Downstream: Subscriber>: Subscriber {
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    let transform: (Input) -> Downstream.Input
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(transform(input)) }
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}

// MARK: - myWithLatestFrom

extension Publishers {
    public struct MyWithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
    where Other.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        let upstream: Upstream
        let other: Other
        let transform: (Upstream.Output, Other.Output) -> Output

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = LatestFromSubscription(downstream: subscriber, transform: transform)
            subscriber.receive(subscription: subscription)
            other.subscribe(AnySubscriber(
                receiveSubscription: subscription.receiveOther(subscription:),
                receiveValue: subscription.receiveOther(_:),
                receiveCompletion: subscription.receiveOther(completion:)
            ))
            upstream.subscribe(AnySubscriber(
                receiveSubscription: subscription.receive(subscription:),
                receiveValue: subscription.receive(_:),
                receiveCompletion: subscription.receive(completion:)
            ))
        }
    }
}

/// The downstream's subscription and both inputs' subscriber. Not thread-safe, as the pattern's is not:
/// events, requests and cancels come one at a time (the style says so, and ReactiveBench runs its
/// concurrency workloads and contracts only for thread-safe styles).
private final class LatestFromSubscription<Input, OtherOutput, Downstream: Subscriber>: Subscription {
    typealias Failure = Downstream.Failure

    private var downstream: Downstream?
    private let transform: (Input, OtherOutput) -> Downstream.Input
    private var latest: OtherOutput?
    private var heldDemand = Subscribers.Demand.none
    private var upstream: Subscription?
    private var other: Subscription?

    init(downstream: Downstream, transform: @escaping (Input, OtherOutput) -> Downstream.Input) {
        self.downstream = downstream
        self.transform = transform
    }

    func request(_ demand: Subscribers.Demand) {
        guard downstream != nil else { return }
        guard latest != nil, let upstream else {
            heldDemand += demand
            return
        }
        upstream.request(demand)
    }

    func cancel() {
        downstream = nil
        latest = nil
        upstream.take()?.cancel()
        other.take()?.cancel()
    }

    // The upstream.

    func receive(subscription: Subscription) {
        guard downstream != nil, upstream == nil else { return subscription.cancel() }
        upstream = subscription
        releaseHeldDemand()
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let downstream else { return .none }
        guard let latest else { return .max(1) }
        return downstream.receive(transform(input, latest))
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream = nil
        other.take()?.cancel()
        finish(completion)
    }

    // The other input.

    func receiveOther(subscription: Subscription) {
        guard downstream != nil, other == nil else { return subscription.cancel() }
        other = subscription
        subscription.request(.unlimited)
    }

    func receiveOther(_ input: OtherOutput) -> Subscribers.Demand {
        guard downstream != nil else { return .none }
        latest = input
        releaseHeldDemand()
        return .none
    }

    func receiveOther(completion: Subscribers.Completion<Failure>) {
        other = nil
        guard case .failure = completion else { return }
        upstream.take()?.cancel()
        finish(completion)
    }

    // Both.

    /// Demand held until `other`'s first value goes to the upstream in one request.
    private func releaseHeldDemand() {
        guard latest != nil, let upstream, heldDemand > .none else { return }
        let demand = heldDemand
        heldDemand = .none
        upstream.request(demand)
    }

    private func finish(_ completion: Subscribers.Completion<Failure>) {
        latest = nil
        downstream.take()?.receive(completion: completion)
    }
}

extension Optional {
    /// The value, leaving nil in its place.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}

// MARK: - The style

/// The two operators as a ReactiveBench style: the row `myOperators`. Every workload made only of `map`
/// and `withLatestFrom` runs over it; the others say `unsupported` with the reason below.
public enum MyOperators: CombineOperatorStyle {
    public static let implementation: ImplementationID = "myOperators"
    public static let summary = "myMap and myWithLatestFrom, written as the custom-operator pattern writes them"
    public static let supportedOperators: Set<OperatorID> = [.map, .withLatestFrom]
    public static let isThreadSafe = false
    /// What the six operators this example does not write say (every operator not written here throws it).
    public static let unsupportedReason = "myOperators writes only myMap and myWithLatestFrom"

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ transform: @escaping (Upstream.Output) -> Output, into consumer: Consumer
    ) -> Consumer.Result where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.myMap(transform))
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.myWithLatestFrom(other, resultSelector))
    }
}
