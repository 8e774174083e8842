/// The failure the test inputs send. Which input failed is part of the value, so a recorded history
/// shows where a failure came from.
package enum TestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Sent by the primary input (the upstream).
    case primary
    /// Sent by the secondary input (`other` or the sampler).
    case secondary
    /// Thrown by an Rx closure.
    case thrown

    package static func of(_ input: Input) -> TestError {
        switch input {
        case .primary: .primary
        case .secondary: .secondary
        }
    }

    package var description: String {
        switch self {
        case .primary: "TestError.primary"
        case .secondary: "TestError.secondary"
        case .thrown: "TestError.thrown"
        }
    }
}
