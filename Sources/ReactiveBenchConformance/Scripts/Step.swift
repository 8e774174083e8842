/// One thing that happens to an operator under test.
package enum Step: Hashable, Sendable, CustomStringConvertible {
    case value(Input, Int)
    case finish(Input)
    case fail(Input)
    /// The downstream calls `request(.max(n))` (Combine only; the Rx family has no demand).
    case request(Int)
    /// The downstream cancels (Combine) or disposes (Rx).
    case cancel

    package var description: String {
        switch self {
        case .value(let input, let value): "\(input)(\(value))"
        case .finish(let input): "finish(\(input))"
        case .fail(let input): "fail(\(input))"
        case .request(let count): "request(\(count))"
        case .cancel: "cancel"
        }
    }
}

extension Step {
    /// Performs the step on an operator's inputs, or on its downstream while the test holds it.
    package func perform(on primary: any DrivenInput, _ secondary: any DrivenInput, downstream: (any DrivenDownstream)?) {
        switch self {
        case .value(let input, let value): (input == .primary ? primary : secondary).send(value)
        case .finish(let input): (input == .primary ? primary : secondary).finish()
        case .fail(let input): (input == .primary ? primary : secondary).fail(with: .of(input))
        case .request(let count): downstream?.requestMore(count)
        case .cancel: downstream?.cancel()
        }
    }
}
