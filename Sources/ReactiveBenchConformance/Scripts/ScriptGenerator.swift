import CombineFramework
import PropertyBased
import StyleKit

/// Random scripts for property-based tests: values on both inputs, now and then a completion or a
/// failure, and (for the Combine family) random downstream demand and requests. Steps are drawn as
/// small integers and decoded, so the library's integer and array shrinkers shrink scripts too.
package enum ScriptGenerator {
    static func script(for operation: OperatorID, family: ContractFamily) -> Generator<Script, some Sequence> {
        let steps = zip(Gen.int(in: 0...99), Gen.int(in: -6...6)).array(of: 0...24)
        let isCombine = family == .combine
        let usesSecondary = Scenarios.usesSecondary(operation)
        return zip(Gen.int(in: 0..<policies.count), Gen.int(in: 0...6), steps).map { policy, cancelsAfter, codes in
            // Now and then the downstream cancels from inside its `receive(_:)`.
            var demand = policies[policy]
            if cancelsAfter > 0, cancelsAfter < 4 { demand = demand.cancelling(after: cancelsAfter) }
            return Script(
                codes.compactMap { decode($0, $1, usesSecondary: usesSecondary, requests: isCombine) },
                demand: isCombine ? demand : demand.withoutDemand
            )
        }
    }

    static let policies: [DemandPolicy] = [
        .unlimited,
        .onePerValue,
        .onePerValueRequestedFromReceive,
        .manual,
        DemandPolicy(initial: .max(2), perValue: .none),
        DemandPolicy(initial: .max(1), perValue: .max(2)),
        DemandPolicy(initial: .max(1), perValue: .max(2), requestsFromReceive: true),
    ]

    private static func decode(_ kind: Int, _ value: Int, usesSecondary: Bool, requests: Bool) -> Step? {
        let input: Input = usesSecondary && kind % 2 == 1 ? .secondary : .primary
        switch kind {
        case 0..<70: return .value(input, value)
        case 70..<76: return .finish(input)
        case 76..<80: return .fail(input)
        case 80..<97: return requests ? .request(1 + abs(value) % 3) : nil
        default: return .cancel
        }
    }
}
