/// One operator of one implementation, subscribed to two tracking inputs and a recording downstream, in
/// whatever vocabulary its family speaks. Contracts written against this protocol run unchanged on every
/// family. Every member is safe to call from several threads at once.
package protocol OperatorRig: ScriptedOperator {
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
