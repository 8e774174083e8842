import CombineFramework
import Synchronization

/// What one subscriber did to its ``TrackingSubscription``: every `request(_:)` and `cancel()` call, in
/// order, and weak references that show whether the subscription and the subscriber were released.
///
/// The log outlives the subscription (the ``TrackingSubject`` keeps it), so a test can read the history
/// after the operator let everything go.
package final class SubscriptionLog: @unchecked Sendable {
    package enum Call: Hashable, CustomStringConvertible {
        case request(Subscribers.Demand)
        case cancel

        package var description: String {
            switch self {
            case .request(let demand): "request(\(demand))"
            case .cancel: "cancel"
            }
        }
    }

    private struct State {
        package var calls: [Call] = []
        var callCountAtCompletion: Int?
        package var deliveredValues = 0
    }

    private static let subscriptionClock = Atomic<Int>(0)

    private let state = Locked(State())
    /// When the subscription was made, on a clock shared by every input: tells which input an
    /// operator subscribed to first.
    package let order = SubscriptionLog.subscriptionClock.wrappingAdd(1, ordering: .relaxed).newValue

    /// The subscription itself; `nil` once nothing holds it any more.
    package weak var subscription: AnyObject?
    /// The subscriber the operator attached, if it is a class; `nil` once it was released.
    package weak var subscriberObject: AnyObject?
    /// Whether the subscriber was a class (a struct subscriber cannot be observed through a weak
    /// reference).
    package var subscriberIsClass = false

    /// Every call, including those made after the input completed.
    package var calls: [Call] { state.withLock { $0.calls } }

    /// The calls made while the input was still live: what the operator asked of an input before that
    /// input completed. A cancel after an input's own completion is harmless and allowed.
    package var callsWhileLive: [Call] {
        state.withLock { state in
            Array(state.calls.prefix(state.callCountAtCompletion ?? state.calls.count))
        }
    }

    package var requests: [Subscribers.Demand] {
        calls.compactMap { call in
            if case .request(let demand) = call { return demand }
            return nil
        }
    }

    package var cancelCount: Int { calls.filter { $0 == .cancel }.count }
    package var deliveredValues: Int { state.withLock { $0.deliveredValues } }

    package func record(_ call: Call) {
        state.withLock { $0.calls.append(call) }
    }

    package func recordDelivery() {
        state.withLock { $0.deliveredValues += 1 }
    }

    package func recordCompletion() {
        state.withLock { state in
            if state.callCountAtCompletion == nil { state.callCountAtCompletion = state.calls.count }
        }
    }
}
