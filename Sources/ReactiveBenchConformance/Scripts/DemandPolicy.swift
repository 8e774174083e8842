import CombineFramework

/// How a test's downstream behaves: a ``TrackingSubscriber`` asks for `initial` when it receives its
/// subscription (nothing when `.none`) and for `perValue` more with every value, either returned from
/// `receive(_:)` or, with `requestsFromReceive`, through `subscription.request` inside `receive(_:)`
/// (re-entering the operator). With `cancelsAfter`, the downstream cancels (Combine) or disposes (Rx)
/// from inside its handler of that many-th value. Further demand comes from explicit requests.
package struct DemandPolicy: Hashable, Sendable, CustomStringConvertible {
    package var initial: Subscribers.Demand
    package var perValue: Subscribers.Demand
    package var requestsFromReceive = false
    package var cancelsAfter: Int?

    /// `.unlimited` up front.
    package static let unlimited = DemandPolicy(initial: .unlimited, perValue: .none)
    /// `.max(1)` up front and `.max(1)` returned from every `receive(_:)`.
    package static let onePerValue = DemandPolicy(initial: .max(1), perValue: .max(1))
    /// `.max(1)` up front and `request(.max(1))` from inside every `receive(_:)`.
    package static let onePerValueRequestedFromReceive = DemandPolicy(
        initial: .max(1), perValue: .max(1), requestsFromReceive: true
    )
    /// Nothing until the test calls `request(_:)`.
    package static let manual = DemandPolicy(initial: .none, perValue: .none)

    /// The same policy without demand, as the Rx family sees it: everything, at once.
    package var withoutDemand: DemandPolicy {
        DemandPolicy(initial: .unlimited, perValue: .none, cancelsAfter: cancelsAfter)
    }

    package func cancelling(after count: Int) -> DemandPolicy {
        var policy = self
        policy.cancelsAfter = count
        return policy
    }

    package var description: String {
        var text = "demand(initial: \(initial), perValue: \(perValue)"
        if requestsFromReceive { text += " requested from receive" }
        if let cancelsAfter { text += ", cancels after \(cancelsAfter) values" }
        return text + ")"
    }
}
