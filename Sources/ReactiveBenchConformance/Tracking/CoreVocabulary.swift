import CombineFramework

/// A Combine-like core, as far as the tracking helpers (``TrackingSubject``, ``TrackingSubscription``,
/// ``TrackingSubscriber``) need to know it: how to reach a subscription it handed out.
///
/// The helpers keep their books once, generic over the core, in one vocabulary: OpenCombine's
/// `Subscribers.Demand` and `Subscribers.Completion` are the suite's values for demand and completion,
/// whatever core is under test. Each helper conforms to a core's own protocols in an extension
/// constrained to that core, which only translates. So a contract means the same on every core: the
/// operator under test is driven through its own core's protocols, with nothing in between.
package protocol CoreVocabulary {
    /// A subscription as the core hands it to a subscriber (an existential).
    associatedtype UpstreamSubscription

    static func request(_ demand: Subscribers.Demand, from subscription: UpstreamSubscription)
    static func cancel(_ subscription: UpstreamSubscription)
}

/// OpenCombine: the core of the Combine-family styles in the registry.
package enum OpenCombineCore: CoreVocabulary {
    package static func request(_ demand: Subscribers.Demand, from subscription: any Subscription) {
        subscription.request(demand)
    }

    package static func cancel(_ subscription: any Subscription) {
        subscription.cancel()
    }
}
