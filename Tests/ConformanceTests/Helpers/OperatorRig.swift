import Implementations
import StyleKit

/// One operator of one implementation, subscribed to two hand-driven inputs and a recording
/// downstream, in whatever vocabulary its family speaks. Contracts written against this protocol run
/// unchanged on every family. Every member is safe to call from several threads at once.
protocol OperatorRig: AnyObject {
    var implementation: ImplementationUnderTest { get }
    var operation: OperatorID { get }

    /// Performs one step: an event on an input, a downstream request (ignored by the Rx family) or
    /// a downstream cancel/dispose.
    func apply(_ step: Step)

    /// What the downstream received so far.
    var events: [OutputEvent] { get }
    /// Every breach of the Subscriber/Observer contract the downstream noticed.
    var violations: [String] { get }

    /// How many times the operator subscribed to `input`.
    func subscriptionCount(_ input: Input) -> Int
    /// How many times the operator cancelled (Combine) or disposed (Rx) its subscription to `input`.
    func cancelCount(_ input: Input) -> Int
    /// Whether the downstream's second cancel reaches the upstream directly because the operator
    /// passed the upstream's own subscription through (a struct bridge's single-source operators).
    var passesUpstreamSubscriptionThrough: Bool { get }

    /// Cancels (Combine) or disposes (Rx) the downstream `times` times, from `times` threads at once
    /// when `concurrently`.
    func cancelRepeatedly(times: Int, concurrently: Bool)

    /// Lets go of everything the test holds on the downstream side and names every object that is
    /// still alive: after a cancel or a terminal event, nothing should be.
    func releaseAndFindSurvivors() -> [String]
}

extension OperatorRig {
    func run(_ steps: [Step]) {
        for step in steps { apply(step) }
    }

    var terminalEventCount: Int { events.filter(\.isTerminal).count }
}
