import StyleKit

/// Ready-made step sequences that mean the same thing for every operator, so one contract can drive
/// each of them.
package enum Scenarios {
    /// Steps that make `operation` emit `count` values, given demand: plain upstream values for
    /// single-source operators (even ones, which `filter` keeps), a latest value then an upstream value
    /// for withLatestFrom/sampleWithFrom, an upstream value then a tick for sample. histogram emits
    /// nothing until ``completion(_:)``.
    package static func productive(_ operation: OperatorID, count: Int, from start: Int = 1) -> [Step] {
        (start..<start + count).flatMap { index -> [Step] in
            switch operation {
            case .withLatestFrom, .sampleWithFrom: [.value(.secondary, index), .value(.primary, 2 * index)]
            case .sample: [.value(.primary, 2 * index), .value(.secondary, 0)]
            default: [.value(.primary, 2 * index)]
            }
        }
    }

    /// Steps after which `operation` has ended its downstream normally: the upstream finishing, and
    /// for sample one more tick (the upstream finishing only sets atEnd).
    package static func completion(_ operation: OperatorID) -> [Step] {
        operation == .sample ? [.finish(.primary), .value(.secondary, 0)] : [.finish(.primary)]
    }

    /// One value, arriving at the downstream together with the end of the operator's input: the
    /// histogram's bins come with the upstream's completion, sample's last value with the tick that
    /// follows the upstream's end.
    package static func lastValueThenEnd(_ operation: OperatorID) -> [Step] {
        switch operation {
        case .histogram: [.value(.primary, 2), .finish(.primary)]
        case .sample: [.value(.primary, 2), .finish(.primary), .value(.secondary, 0)]
        default: productive(operation, count: 1) + completion(operation)
        }
    }

    /// Everything that could still happen on both inputs: none of it may reach a downstream that has
    /// ended or cancelled.
    package static let aftermath: [Step] = [
        .value(.primary, 10), .value(.secondary, 11), .value(.primary, 12), .request(3),
        .finish(.secondary), .fail(.primary), .finish(.primary), .fail(.secondary),
    ]

    /// The operators with a second input (`other` or the sampler).
    package static let multiSource: [OperatorID] = [.withLatestFrom, .sample, .sampleWithFrom]

    /// Whether `operation` subscribes to the second input.
    package static func usesSecondary(_ operation: OperatorID) -> Bool {
        multiSource.contains(operation)
    }
}
