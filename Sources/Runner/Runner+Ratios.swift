import Harness
import StyleKit
import Workloads

/// What a row is reported against: the baseline loop on the same workload, and for the `demand` rows the
/// same style's reference policy (``CellRatios``).
extension Runner {
    /// Each ok row: its median over the `baseline` row's median on the same workload.
    public static func fillBaselineRatios(_ results: inout [CellResult]) {
        let ratios = CellRatios.baselineRatios(results.map(\.ratioRow))
        for (index, ratio) in ratios.enumerated() where ratio != nil {
            results[index].baselineRatio = ratio
        }
    }

    /// Each row of a workload with a `demandReference`: its median over the same implementation's median
    /// on the reference (`.unlimited`) workload, as a percentage overhead.
    public static func fillDemandOverheads(_ results: inout [CellResult], workloads: [any Workload]) {
        let overheads = CellRatios.demandOverheads(
            results.map(\.ratioRow), references: CellRatios.demandReferences(workloads)
        )
        for (index, overhead) in overheads.enumerated() where overhead != nil {
            results[index].demandOverheadPercent = overhead
        }
    }
}

extension CellResult {
    fileprivate var ratioRow: CellRatios.Row {
        CellRatios.Row(
            workload: workload, implementation: implementation.rawValue, family: family.rawValue, isOK: status == .ok,
            median: statistics?.median
        )
    }
}
