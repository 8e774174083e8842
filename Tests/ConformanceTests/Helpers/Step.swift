/// One thing that happens to an operator under test.
enum Step: Hashable, Sendable, CustomStringConvertible {
    case value(Input, Int)
    case finish(Input)
    case fail(Input)
    /// The downstream calls `request(.max(n))` (Combine only; the Rx family has no demand).
    case request(Int)
    /// The downstream cancels (Combine) or disposes (Rx).
    case cancel

    var description: String {
        switch self {
        case .value(let input, let value): "\(input)(\(value))"
        case .finish(let input): "finish(\(input))"
        case .fail(let input): "fail(\(input))"
        case .request(let count): "request(\(count))"
        case .cancel: "cancel"
        }
    }
}
