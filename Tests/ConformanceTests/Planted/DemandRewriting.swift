import CombineFramework

/// A publisher that hands its subscriber a subscription of its own, which passes each request to the
/// upstream's subscription as `rewrite` says (nil: not at all): the carrier of ``PlantedDemandStyle``'s bugs.
/// Everything else passes through.
struct DemandRewriting<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let rewrite: (Subscribers.Demand) -> Subscribers.Demand?

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        upstream.subscribe(Inner(downstream: subscriber, rewrite: rewrite))
    }

    // MARK: -

    /// Subscriber upstream and subscription downstream; holds the upstream's subscription until the end.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let downstream: Downstream
        private let rewrite: (Subscribers.Demand) -> Subscribers.Demand?
        private var upstreamSubscription: (any Subscription)?

        init(downstream: Downstream, rewrite: @escaping (Subscribers.Demand) -> Subscribers.Demand?) {
            self.downstream = downstream
            self.rewrite = rewrite
        }

        func receive(subscription: any Subscription) {
            upstreamSubscription = subscription
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            upstreamSubscription = nil
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            if let upstreamDemand = rewrite(demand) { upstreamSubscription?.request(upstreamDemand) }
        }

        func cancel() {
            upstreamSubscription?.cancel()
            upstreamSubscription = nil
        }
    }
}
