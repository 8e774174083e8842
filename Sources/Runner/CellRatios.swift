import StyleKit
import Workloads

/// The two columns a row takes from other rows once a run is done: its median over the `baseline` row's
/// on the same workload (`baseline_ratio`) and, for a `demand` row, its median over the same
/// implementation's on the reference policy (`demand_overhead_percent`). Written once, for the rows a run
/// measures (``Runner/fillBaselineRatios(_:)``) and for rows merged from shards (``ShardMerge``), whose
/// baseline may have been measured by another shard.
public enum CellRatios {
    /// What the ratios read of a row.
    public struct Row: Sendable {
        public var workload: String
        public var implementation: String
        public var family: String
        public var isOK: Bool
        /// Median ns per unit; nil when the row has no time (not ok, or an instruction run).
        public var median: Double?

        public init(workload: String, implementation: String, family: String, isOK: Bool, median: Double?) {
            self.workload = workload
            self.implementation = implementation
            self.family = family
            self.isOK = isOK
            self.median = median
        }
    }

    /// Each row's median over the ok `baseline` row's on its workload, or nil.
    public static func baselineRatios(_ rows: [Row]) -> [Double?] {
        var baselineMedians: [String: Double] = [:]
        for row in rows where row.implementation == ImplementationID.baseline.rawValue && row.isOK {
            baselineMedians[row.workload] = row.median
        }
        return rows.map { row in
            guard row.isOK, let baseline = baselineMedians[row.workload], baseline > 0, let median = row.median
            else { return nil }
            return median / baseline
        }
    }

    /// Each row of a workload with a demand reference (`references`, workload name to the reference's
    /// name): its median over the same implementation's median on the reference, as a percentage
    /// overhead, or nil.
    public static func demandOverheads(_ rows: [Row], references: [String: String]) -> [Double?] {
        var medians: [String: Double] = [:]
        for row in rows where row.isOK {
            medians["\(row.workload)|\(row.implementation)"] = row.median
        }
        return rows.map { row in
            guard row.isOK, demandFamilies.contains(row.family), let reference = references[row.workload],
                let unlimited = medians["\(reference)|\(row.implementation)"], unlimited > 0, let median = row.median
            else { return nil }
            return (median / unlimited - 1) * 100
        }
    }

    /// The demand reference of every workload that has one, by name.
    public static func demandReferences(_ workloads: [any Workload]) -> [String: String] {
        Dictionary(
            workloads.compactMap { workload in workload.demandReference.map { (workload.name, $0) } },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// The families with demand or its analogue (an async row's bounded buffer or channel): the Rx family
    /// runs no demand row but `unlimited`, and the loop's rows are all the same loop.
    private static let demandFamilies = Set([Family.combine, .simpleCombine, .asyncSequence].map(\.rawValue))
}
