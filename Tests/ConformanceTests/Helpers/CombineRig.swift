import Implementations
import OpenCombine
import StyleKit
import TestSupport

/// An ``OperatorRig`` for a Combine-family style: two ``TrackingSubject`` inputs and a
/// ``TrackingSubscriber`` downstream with a ``DemandPolicy``. Exposes the inputs, so demand contracts
/// can read the `request`/`cancel` history the operator produced.
final class CombineRig: OperatorRig, @unchecked Sendable {
    let implementation: ImplementationUnderTest
    let operation: OperatorID
    let primary = TrackingSubject<Int, TestError>()
    let secondary = TrackingSubject<Int, TestError>()

    private let downstream: Locked<(any OutputRecording)?>
    private weak var weakDownstream: AnyObject?
    /// The subscription the operator handed downstream, if it is an object of its own.
    private weak var operatorSubscription: AnyObject?
    let passesUpstreamSubscriptionThrough: Bool

    init(_ style: any CombineOperatorStyle.Type, _ operation: OperatorID, demand: DemandPolicy = .unlimited)
        throws(UnsupportedOperator)
    {
        implementation = .registered(style.implementation)
        self.operation = operation
        let subscriber = try CombineAttach.attach(style, operation, primary, secondary, demand: demand)
        downstream = Locked(subscriber)
        weakDownstream = subscriber
        let handedDown = subscriber.subscriptionObject
        passesUpstreamSubscriptionThrough = primary.logs.contains { $0.subscription === handedDown }
        operatorSubscription = passesUpstreamSubscriptionThrough ? nil : handedDown
    }

    /// The downstream, while the rig holds it.
    var subscriber: (any OutputRecording)? { downstream.withLock { $0 } }

    func subject(_ input: Input) -> TrackingSubject<Int, TestError> {
        input == .primary ? primary : secondary
    }

    // MARK: - OperatorRig

    func apply(_ step: Step) {
        switch step {
        case .value(let input, let value): subject(input).send(value)
        case .finish(let input): subject(input).send(completion: .finished)
        case .fail(let input): subject(input).send(completion: .failure(.of(input)))
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
        guard let subscriber, let subscription = subscriber.subscription else { return }
        let cancels = [{ subscriber.cancel() }] + Array(repeating: { subscription.cancel() }, count: times - 1)
        if concurrently { Concurrently.run(cancels) } else { cancels.forEach { $0() } }
    }

    func releaseAndFindSurvivors() -> [String] {
        downstream.withLock { $0 = nil }
        var survivors: [String] = []
        if weakDownstream != nil { survivors.append("the downstream TrackingSubscriber") }
        if let operatorSubscription {
            survivors.append("the subscription the operator handed downstream (\(type(of: operatorSubscription)))")
        }
        for (name, subject) in [("primary", primary), ("secondary", secondary)] {
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
