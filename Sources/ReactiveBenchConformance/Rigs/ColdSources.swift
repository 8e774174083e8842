import StyleKit

/// What an operator over two synchronous, cold inputs (`Publishers.Sequence`, SimpleCombine's
/// `SimplePublishers.Sequence`, `Observable.from`) should do: such inputs emit everything, then finish,
/// from inside `subscribe`/`request`, the case where an operator's own calls re-enter it (a lock held
/// across `request` deadlocks here). Each ``OperatorSubstrate`` runs the operator over its own family's.
package enum ColdSources {
    /// A cold run as a script. In the Combine family the input an operator subscribes to first runs to its
    /// end first (`other` for withLatestFrom and sampleWithFrom, the upstream for sample). In the Rx family
    /// each event of `Observable.from` is one step on the `CurrentThreadScheduler` trampoline, as in
    /// RxSwift, so the two inputs take turns, one event each, starting with the one subscribed first.
    static func script(
        _ operation: OperatorID,
        family: ContractFamily,
        primary: [Int],
        secondary: [Int],
        demand: DemandPolicy
    ) -> Script {
        let upstream = primary.map { Step.value(.primary, $0) } + [.finish(.primary)]
        let other = secondary.map { Step.value(.secondary, $0) } + [.finish(.secondary)]
        let inTurn = family == .rx
        switch operation {
        case .withLatestFrom, .sampleWithFrom:
            // Without a value from `other`, a Combine operator never asks its upstream for anything, and
            // a cold upstream with values then sends nothing at all, not even its completion.
            if family == .combine, secondary.isEmpty, !primary.isEmpty {
                return Script(other, demand: demand)
            }
            return Script(inTurn ? alternating(other, upstream) : other + upstream, demand: demand)
        case .sample: return Script(inTurn ? alternating(upstream, other) : upstream + other, demand: demand)
        default: return Script(upstream, demand: demand)
        }
    }

    /// `first[0], second[0], first[1], second[1], ...`, then what is left of the longer one.
    static func alternating(_ first: [Step], _ second: [Step]) -> [Step] {
        var steps: [Step] = []
        for index in 0..<max(first.count, second.count) {
            if index < first.count { steps.append(first[index]) }
            if index < second.count { steps.append(second[index]) }
        }
        return steps
    }
}
