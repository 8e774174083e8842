/// An operator under test that a script drives step by step, and what its downstream saw: the least a
/// contract needs, whatever the operator's family and inputs.
package protocol ScriptedOperator: AnyObject {
    /// Performs one step: an event on an input, a downstream request (ignored by the Rx family) or a
    /// downstream cancel (dispose).
    func apply(_ step: Step)

    /// What the downstream received so far.
    var events: [OutputEvent] { get }
    /// Every breach of the Subscriber/Observer contract the downstream noticed.
    var violations: [String] { get }
}

extension ScriptedOperator {
    package func run(_ steps: [Step]) {
        for step in steps { apply(step) }
    }

    package var terminalEventCount: Int { events.filter(\.isTerminal).count }
}
