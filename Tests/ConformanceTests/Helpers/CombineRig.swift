import Implementations
import CombineFramework
import StyleKit
import TestSupport

/// An ``OperatorRig`` for the Combine family, whatever core it is built on: two ``TrackingSubject``
/// inputs and a ``TrackingSubscriber`` downstream with a ``DemandPolicy``, all speaking the operator's
/// own core. Exposes the inputs, so demand contracts can read the `request`/`cancel` history the
/// operator produced.
final class CombineRig: OperatorRig, @unchecked Sendable {
    let implementation: ImplementationUnderTest
    let operation: OperatorID
    let primary: any TrackedInput
    let secondary: any TrackedInput

    private let downstream: Locked<(any OutputRecording)?>
    private weak var weakDownstream: AnyObject?
    /// The subscription the operator handed downstream, if it is an object of its own.
    private weak var operatorSubscription: AnyObject?
    let passesUpstreamSubscriptionThrough: Bool

    /// The rig for an operator of a Combine style on OpenCombine.
    convenience init(_ style: any CombineOperatorStyle.Type, _ operation: OperatorID, demand: DemandPolicy = .unlimited)
        throws(UnsupportedOperator)
    {
        let primary = TrackingSubject<Int, TestError, OpenCombineCore>()
        let secondary = TrackingSubject<Int, TestError, OpenCombineCore>()
        let subscriber = try CombineAttach.attach(style, operation, primary, secondary, demand: demand)
        self.init(.registered(style.implementation), operation, primary: primary, secondary: secondary, downstream: subscriber)
    }

    /// The rig for an operator of the SimpleCombine core (seed 002).
    convenience init(simpleCombine operation: OperatorID, demand: DemandPolicy = .unlimited) {
        let primary = TrackingSubject<Int, TestError, SimpleCombineCore>()
        let secondary = TrackingSubject<Int, TestError, SimpleCombineCore>()
        let subscriber = SimpleCombineAttach.attach(operation, primary, secondary, demand: demand)
        self.init(.registered(.simpleCombine), operation, primary: primary, secondary: secondary, downstream: subscriber)
    }

    /// A rig over an operator already built on `primary` and `secondary` and subscribed by `subscriber`.
    init(
        _ implementation: ImplementationUnderTest,
        _ operation: OperatorID,
        primary: any TrackedInput,
        secondary: any TrackedInput,
        downstream subscriber: any OutputRecording
    ) {
        self.implementation = implementation
        self.operation = operation
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

    func subject(_ input: Input) -> any TrackedInput {
        input == .primary ? primary : secondary
    }

    // MARK: - OperatorRig

    func apply(_ step: Step) {
        switch step {
        case .value(let input, let value): subject(input).send(value)
        case .finish(let input): subject(input).finish()
        case .fail(let input): subject(input).fail(with: .of(input))
        case .request(let count): subscriber?.request(.max(count))
        case .cancel: subscriber?.cancel()
        }
    }

    var events: [OutputEvent] { subscriber?.outputEvents ?? [] }

    var violations: [String] {
        guard let subscriber else { return [] }
        var violations = subscriber.violations
        if subscriber.subscriptionCount != 1 {
            violations.append("the downstream received \(subscriber.subscriptionCount) subscriptions")
        }
        return violations
    }

    func subscriptionCount(_ input: Input) -> Int {
        subject(input).subscriptionCount
    }

    func cancelCount(_ input: Input) -> Int {
        subject(input).logs.map(\.cancelCount).reduce(0, +)
    }

    func cancelRepeatedly(times: Int, concurrently: Bool) {
        guard let subscriber, let cancelAgain = subscriber.cancelHeldSubscription else { return }
        let cancels = [{ subscriber.cancel() }] + Array(repeating: cancelAgain, count: times - 1)
        if concurrently { Concurrently.run(cancels) } else { cancels.forEach { $0() } }
    }

    func releaseAndFindSurvivors() -> [String] {
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
