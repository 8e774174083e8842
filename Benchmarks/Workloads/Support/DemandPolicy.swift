import AsyncSequenceStyle
import CombineFramework

/// How the downstream end of a Combine-family cell signals demand (the `demand` workload's axis).
public enum DemandPolicy: Sendable, Equatable, CustomStringConvertible {
    /// `.unlimited` once, on subscription: no further demand traffic.
    case unlimited
    /// `.max(1)` on subscription, then `.max(1)` returned from every `receive(_:)`.
    case max1Returned
    /// `.max(1)` on subscription, then `subscription.request(.max(1))` inside every `receive(_:)`,
    /// which returns `.none`: the custom-operator pattern's `BackPressureSubscriber` (docs/ORIGINS.md).
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

extension DemandPolicy {
    /// What a downstream end does about demand after it received a value.
    enum Signal {
        case nothing
        /// Return `.max(count)` from `receive(_:)`.
        case returned(Int)
        /// Call `request(.max(count))` on the subscription and return `.none`.
        case requested(Int)
    }

    /// The demand signal after a value, by this policy, counted in `state` as demand traffic; for
    /// `.batch`, `receivedInBatch` counts the values since the last signal. Written once for every family
    /// with demand (``CombineOutput``, ``SimpleCombineOutput``).
    @inline(__always)
    func signal(afterValue state: UnsafeMutablePointer<SinkState>, receivedInBatch: inout Int) -> Signal {
        switch self {
        case .unlimited:
            return .nothing
        case .max1Returned:
            state.pointee.demandReturns &+= 1
            return .returned(1)
        case .max1Requested:
            state.pointee.requestCalls &+= 1
            return .requested(1)
        case .batch(let size):
            receivedInBatch &+= 1
            guard receivedInBatch == size else { return .nothing }
            receivedInBatch = 0
            state.pointee.demandReturns &+= 1
            return .returned(size)
        }
    }
}

extension DemandPolicy {
    /// How an `asyncSequence` cell's `AsyncStream` buffers under this policy: `.unlimited` is an
    /// unbounded buffer; `.batch(k)` a buffer of k the sender waits on when it is full; `.max(1)` a
    /// buffer of one. (`demand (max1Requested)` runs over an `AsyncChannel` instead: see
    /// ``DemandWorkload``.)
    var streamBuffering: StreamBuffering {
        switch self {
        case .unlimited: .unbounded
        case .max1Returned, .max1Requested: .bounded(1)
        case .batch(let size): .bounded(size)
        }
    }
}
