import StyleKit

/// How an implementation is driven: through Combine's `Publisher`/`Subscriber` with demand, through the
/// Rx core's `ObservableType`/`ObserverType` without demand, or as a plain loop.
public enum Family: String, Sendable {
    case combine
    case rx
    case loop
}

/// One row of every report: an implementation style, with what it can express.
public struct Implementation: Sendable {
    public let id: ImplementationID
    public let family: Family
    /// One line for `reactive-bench list` and the README.
    public let summary: String
    public let supportedOperators: Set<OperatorID>
    /// Whether concurrent upstream events, requests and cancels are safe (docs/SEMANTICS.md).
    public let isThreadSafe: Bool
    /// The style itself, for the Combine family.
    public let combineStyle: (any CombineOperatorStyle.Type)?

    public func supports(_ operation: OperatorID) -> Bool {
        supportedOperators.contains(operation)
    }
}
