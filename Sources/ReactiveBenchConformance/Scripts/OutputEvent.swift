/// One event the downstream saw, in the vocabulary both families share: values are compared through
/// their description so operators of every output type meet in one history.
package enum OutputEvent: Hashable, Sendable, CustomStringConvertible {
    case value(String)
    case finished
    case failure(TestError)
    /// A failure with an error the test never sent or threw.
    case unexpectedFailure(String)

    package var isTerminal: Bool {
        if case .value = self { return false }
        return true
    }

    package var description: String {
        switch self {
        case .value(let value): "value(\(value))"
        case .finished: "finished"
        case .failure(let error): "failure(\(error))"
        case .unexpectedFailure(let error): "unexpectedFailure(\(error))"
        }
    }
}
