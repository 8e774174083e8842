import Harness
import StyleKit
import Workloads

extension Runner {
    /// Measures `workloads` in `implementation`'s row in this process, their repetitions interleaved in
    /// rounds: each round times one repetition of every cell, in the order given in even rounds and in
    /// reverse in odd ones, so that a slow phase of the machine and a drift within a round fall on every
    /// cell alike. For a time run only (the price list's controls): each cell is sized as any cell is, and
    /// the rounds stop at the first cell that is no longer `ok`. The sentinel is read around every
    /// repetition, as for any gated cell; the parent judges the rounds.
    public func measureInterleaved(_ workloads: [any Workload], _ implementation: Implementation) -> InterleavedCells {
        var results = workloads.map { workload in
            var result = CellResult(workload, implementation)
            if let reason = workload.unsupportedReason(for: implementation) {
                result.status = .unsupported
                result.detail = reason
            }
            return result
        }
        guard results.allSatisfy({ $0.status == .ok }) else { return InterleavedCells(results: results, rounds: [], sentinelBest: nil) }
        let plans = workloads.enumerated().map { CellPlan(index: $0, workload: $1, implementation: implementation) }
        let sentinel = configuration.noiseGate && plans.allSatisfy(\.isGated) ? try? MachineSentinel(input: input) : nil
        for plan in plans { size(plan, into: &results[plan.index]) }
        let title = workloads.map(\.name).joined(separator: " | ")
        var rounds: [[TimedRepetition]] = []
        for round in 0..<configuration.repetitions {
            guard results.allSatisfy({ $0.status == .ok }) else { break }
            progress("round \(round + 1)/\(configuration.repetitions) \(title)")
            var timings = [TimedRepetition?](repeating: nil, count: plans.count)
            for plan in round.isMultiple(of: 2) ? plans : plans.reversed() {
                timings[plan.index] = measureRepetition(plan, sentinel: sentinel, into: &results[plan.index])
            }
            if results.allSatisfy({ $0.status == .ok }) { rounds.append(timings.compactMap { $0 }) }
        }
        return InterleavedCells(results: results, rounds: rounds, sentinelBest: sentinel?.best)
    }
}
