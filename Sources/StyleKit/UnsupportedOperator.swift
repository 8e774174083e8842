/// Thrown by a style that cannot express an operator. The harness turns it into a row with status
/// `unsupported`; it is never a silently missing row.
public struct UnsupportedOperator: Error, Equatable, CustomStringConvertible {
    public let implementation: ImplementationID
    public let operation: OperatorID
    public let reason: String

    public init(_ implementation: ImplementationID, _ operation: OperatorID, reason: String) {
        self.implementation = implementation
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(implementation) does not support \(operation): \(reason)" }
}
