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
    ///
    /// Each input is named in a case of its own, never chosen by `input == .primary ? primary : secondary`:
    /// a conditional between two existentials, in a function the optimiser specialises for a caller that
    /// upcasts a refined protocol (`any TrackedInput` to `any DrivenInput`), crashes swift-frontend 6.3.1
    /// at -O (a SIL verification failure in OwnershipModelEliminator). The reproducer and how to check a
    /// newer compiler: Tests/CompilerCrashes/README.md.
    package func perform(on primary: any DrivenInput, _ secondary: any DrivenInput, downstream: (any DrivenDownstream)?) {
        switch self {
        case .value(.primary, let value): primary.send(value)
        case .value(.secondary, let value): secondary.send(value)
        case .finish(.primary): primary.finish()
        case .finish(.secondary): secondary.finish()
        case .fail(.primary): primary.fail(with: .of(.primary))
        case .fail(.secondary): secondary.fail(with: .of(.secondary))
        case .request(let count): downstream?.requestMore(count)
        case .cancel: downstream?.cancel()
        }
    }
}
