import Harness
import Implementations
import StyleKit
import Workloads

/// What a row is reported against: the baseline loop on the same workload, and for the `demand` rows the
/// same style's reference policy.
extension Runner {
    /// Each ok row: its median over the `baseline` row's median on the same workload.
    public static func fillBaselineRatios(_ results: inout [CellResult]) {
        var baselineMedians: [String: Double] = [:]
        for result in results where result.implementation == .baseline && result.status == .ok {
            baselineMedians[result.workload] = result.statistics?.median
        }
        for index in results.indices where results[index].status == .ok {
            guard let baseline = baselineMedians[results[index].workload], baseline > 0,
                let median = results[index].statistics?.median
            else { continue }
            results[index].baselineRatio = median / baseline
        }
    }

    /// Each row of a workload with a `demandReference`: its median over the same implementation's median
    /// on the reference (`.unlimited`) workload, as a percentage overhead.
    public static func fillDemandOverheads(_ results: inout [CellResult], workloads: [any Workload]) {
        let references = Dictionary(
            workloads.compactMap { workload in workload.demandReference.map { (workload.name, $0) } },
            uniquingKeysWith: { first, _ in first }
        )
        var medians: [String: Double] = [:]
        for result in results where result.status == .ok {
            medians["\(result.workload)|\(result.implementation.rawValue)"] = result.statistics?.median
        }
        // The families with demand or its analogue (an async row's bounded buffer or channel): the Rx family
        // runs no demand row but `unlimited`, and the loop's rows are all the same loop.
        let families: Set<Family> = [.combine, .simpleCombine, .asyncSequence]
        for index in results.indices where results[index].status == .ok && families.contains(results[index].family) {
            guard let reference = references[results[index].workload],
                let unlimited = medians["\(reference)|\(results[index].implementation.rawValue)"], unlimited > 0,
                let median = results[index].statistics?.median
            else { continue }
            results[index].demandOverheadPercent = (median / unlimited - 1) * 100
        }
    }
}
