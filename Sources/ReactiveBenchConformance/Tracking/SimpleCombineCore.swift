import CombineFramework
import SimpleCombine

/// SimpleCombine, the from-scratch core (Sources/SimpleCombine), for the tracking helpers: its
/// subscriptions, and the translation of its demand and completion into the suite's vocabulary (a
/// translation of values only: `.max(n)` is `.max(n)`, `.unlimited` is `.unlimited`).
package enum SimpleCombineCore: CoreVocabulary {
    package static func request(_ demand: Subscribers.Demand, from subscription: any SimpleSubscription) {
        subscription.request(SimpleSubscribers.Demand(demand))
    }

    package static func cancel(_ subscription: any SimpleSubscription) {
        subscription.cancel()
    }
}

extension SimpleSubscribers.Demand {
    package init(_ demand: Subscribers.Demand) {
        self = demand.max.map { .max($0) } ?? .unlimited
    }
}

extension Subscribers.Demand {
    package init(_ demand: SimpleSubscribers.Demand) {
        self = demand.max.map { .max($0) } ?? .unlimited
    }
}

extension SimpleSubscribers.Completion {
    package init(_ completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: self = .finished
        case .failure(let error): self = .failure(error)
        }
    }
}

extension Subscribers.Completion {
    package init(_ completion: SimpleSubscribers.Completion<Failure>) {
        switch completion {
        case .finished: self = .finished
        case .failure(let error): self = .failure(error)
        }
    }
}
