import CombineFramework
import StyleKit
import TestSupport

/// An ``OperatorRig`` for the Combine family, whatever core it is built on: two ``TrackingSubject``
/// inputs and a ``TrackingSubscriber`` downstream with a ``DemandPolicy``, all speaking the operator's
/// own core. Exposes the inputs, so demand contracts can read the `request`/`cancel` history the
/// operator produced.
package final class CombineRig: OperatorRig, @unchecked Sendable {
    package let primary: any TrackedInput
    package let secondary: any TrackedInput

    private let downstream: Locked<(any OutputRecording)?>
    private weak var weakDownstream: AnyObject?
    /// The subscription the operator handed downstream, if it is an object of its own.
    private weak var operatorSubscription: AnyObject?
    package let passesUpstreamSubscriptionThrough: Bool

    /// The rig for an operator of a Combine style on OpenCombine.
    package convenience init(_ style: any CombineOperatorStyle.Type, _ operation: OperatorID, demand: DemandPolicy)
        throws(UnsupportedOperator)
    {
        let primary = TrackingSubject<Int, TestError, OpenCombineCore>()
        let secondary = TrackingSubject<Int, TestError, OpenCombineCore>()
        let subscriber = try CombineAttach.attach(style, operation, primary, secondary, demand: demand)
        self.init(primary: primary, secondary: secondary, downstream: subscriber)
    }

    /// A rig over an operator already built on `primary` and `secondary` and subscribed by `subscriber`.
    package init(primary: any TrackedInput, secondary: any TrackedInput, downstream subscriber: any OutputRecording) {
        self.primary = primary
        self.secondary = secondary
        downstream = Locked(subscriber)
        weakDownstream = subscriber
        let handedDown = subscriber.subscriptionObject
        passesUpstreamSubscriptionThrough = primary.logs.contains { $0.subscription === handedDown }
        operatorSubscription = passesUpstreamSubscriptionThrough ? nil : handedDown
    }

    /// The downstream, while the rig holds it.
    var subscriber: (any OutputRecording)? { downstream.withLock { $0 } }

    package func subject(_ input: Input) -> any TrackedInput {
        input == .primary ? primary : secondary
    }

    // MARK: - OperatorRig

    package func apply(_ step: Step) {
        step.perform(on: primary, secondary, downstream: subscriber)
    }

    package var events: [OutputEvent] { subscriber?.outputEvents ?? [] }

    package var violations: [String] { subscriber?.violations ?? [] }

    package func subscriptionCount(_ input: Input) -> Int {
        subject(input).subscriptionCount
    }

    package func cancelCount(_ input: Input) -> Int {
        subject(input).logs.map(\.cancelCount).reduce(0, +)
    }

    package func cancelRepeatedly(times: Int, concurrently: Bool) {
        guard let subscriber, let cancelAgain = subscriber.cancelHeldSubscription else { return }
        let cancels = [{ subscriber.cancel() }] + Array(repeating: cancelAgain, count: times - 1)
        if concurrently { Concurrently.run(cancels) } else { cancels.forEach { $0() } }
    }

    package func releaseAndFindSurvivors() -> [String] {
        downstream.withLock { $0 = nil }
        var survivors: [String] = []
        if weakDownstream != nil { survivors.append("the downstream TrackingSubscriber") }
        if let operatorSubscription {
            survivors.append("the subscription the operator handed downstream (\(type(of: operatorSubscription)))")
        }
        for (name, subject) in [("primary", primary), ("secondary", secondary)] as [(String, any TrackedInput)] {
            for log in subject.logs {
                if log.subscription != nil { survivors.append("the \(name) input's subscription") }
                if let object = log.subscriberObject {
                    survivors.append("the operator's subscriber to the \(name) input (\(type(of: object)))")
                }
            }
        }
        return survivors
    }
}
