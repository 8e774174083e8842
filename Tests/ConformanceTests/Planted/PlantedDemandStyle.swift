import CombineFramework
import StyleKit
import TestSupport

/// A test-only style whose `map` gets demand wrong, planted for the conformance library to catch as it would
/// catch it in a package's own style: OpenCombine's `map` behind a subscription (``DemandRewriting``) that
/// passes each downstream request upstream as ``upstreamDemand(for:)`` says. Demand returned from
/// `receive(_:)` still goes upstream unchanged. (`SendableMetatype`: the styles are a test's arguments.)
protocol PlantedDemandStyle: MapOnlyStyle, SendableMetatype {
    /// What the subscription asks the upstream for when the downstream requests `demand` (nil: nothing).
    static func upstreamDemand(for demand: Subscribers.Demand) -> Subscribers.Demand?
}

/// A `map` that requests `.unlimited` upstream whatever the downstream asked.
enum UnlimitedDemandMap: PlantedDemandStyle {
    static let implementation: ImplementationID = "unlimitedDemandMap"

    static func upstreamDemand(for demand: Subscribers.Demand) -> Subscribers.Demand? { .unlimited }
}

/// A `map` that forgets to forward the downstream's requests.
enum ForgottenDemandMap: PlantedDemandStyle {
    static let implementation: ImplementationID = "forgottenDemandMap"

    static func upstreamDemand(for demand: Subscribers.Demand) -> Subscribers.Demand? { nil }
}

extension PlantedDemandStyle {
    static var summary: String { "OpenCombine's map with a demand bug planted" }
    // Not claimed: the planted subscription takes no lock, and the demand contracts are the point.
    static var isThreadSafe: Bool { false }

    static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ transform: @escaping (Upstream.Output) -> Output, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(DemandRewriting(upstream: upstream.map(transform), rewrite: upstreamDemand(for:)))
    }
}
