import OpenCombine

/// How the downstream end of a Combine-family cell signals demand (the `demand` workload's axis).
public enum DemandPolicy: Sendable, Equatable, CustomStringConvertible {
    /// `.unlimited` once, on subscription: no further demand traffic.
    case unlimited
    /// `.max(1)` on subscription, then `.max(1)` returned from every `receive(_:)`.
    case max1Returned
    /// `.max(1)` on subscription, then `subscription.request(.max(1))` inside every `receive(_:)`,
    /// which returns `.none`: seed 000's `BackPressureSubscriber`.
    case max1Requested
    /// `.max(k)` on subscription, then `.max(k)` returned from every k-th `receive(_:)`.
    case batch(Int)

    /// The stable parameter name used in workload titles.
    public var description: String {
        switch self {
        case .unlimited: "unlimited"
        case .max1Returned: "max1Returned"
        case .max1Requested: "max1Requested"
        case .batch(let size): "batch\(size)"
        }
    }

    /// What the subscriber requests when it receives its subscription.
    var initialDemand: Subscribers.Demand {
        switch self {
        case .unlimited: .unlimited
        case .max1Returned, .max1Requested: .max(1)
        case .batch(let size): .max(size)
        }
    }
}
