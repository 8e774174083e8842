import Harness

/// One workload of a run with its implementations fastest first: each one's median time over the
/// fastest's, and whether it is significantly slower, i.e. by a margin a rerun keeps.
public struct StyleRanking: Sendable {
    public struct Entry: Sendable {
        public let implementation: String
        public let medianNanoseconds: Double
        /// This median over the fastest's (1 for the fastest).
        public let ratioToFastest: Double
        /// Whether ``StyleRanking/isSignificant(_:slower:)`` holds against the fastest.
        public let significantlySlower: Bool
    }

    public let workload: String
    /// What one unit is (`element`, `subscription`).
    public let unit: String
    public let entries: [Entry]

    /// The smallest ratio called a difference: two default runs of one build put 93% of medians within
    /// 5% of each other and a few cells up to 20% apart (results/reproducibility), so a smaller gap
    /// between two styles is one a rerun may reverse.
    public static let minimumRatio = 1.10
    /// And the Mann–Whitney U test on the two cells' repetitions must give a p-value below this.
    public static let alpha = 0.01

    /// Whether `slower` takes significantly longer than `faster`: its median is at least
    /// ``minimumRatio`` times as long, and the repetitions say the difference is not chance.
    public static func isSignificant(_ faster: CellRecord, slower: CellRecord) -> Bool {
        guard let fast = faster.nanosecondsPerUnitMedian, let slow = slower.nanosecondsPerUnitMedian, fast > 0,
            !faster.samples.isEmpty, !slower.samples.isEmpty
        else { return false }
        return slow / fast >= minimumRatio && MannWhitneyU(faster.samples, slower.samples).pValue < alpha
    }

    /// The rankings of every workload of `run` with at least two timed `ok` rows among implementations
    /// other than `excluded` (the hand-written loop is the floor, not a style), in the file's order.
    public static func rankings(_ run: RunResults, excluding excluded: Set<String> = ["baseline"]) -> [StyleRanking] {
        var byWorkload: [String: [CellRecord]] = [:], order: [String] = []
        for record in run.cells where record.isOK && !excluded.contains(record.key.implementation) {
            guard record.nanosecondsPerUnitMedian != nil else { continue }
            if byWorkload[record.key.workload] == nil { order.append(record.key.workload) }
            byWorkload[record.key.workload, default: []].append(record)
        }
        return order.compactMap { workload in
            let records = byWorkload[workload]!.sorted { $0.nanosecondsPerUnitMedian! < $1.nanosecondsPerUnitMedian! }
            guard records.count >= 2, let fastest = records.first, let fastestMedian = fastest.nanosecondsPerUnitMedian,
                fastestMedian > 0
            else { return nil }
            let entries = records.map { record in
                Entry(
                    implementation: record.key.implementation, medianNanoseconds: record.nanosecondsPerUnitMedian!,
                    ratioToFastest: record.nanosecondsPerUnitMedian! / fastestMedian,
                    significantlySlower: isSignificant(fastest, slower: record)
                )
            }
            return StyleRanking(workload: workload, unit: fastest.unit, entries: entries)
        }
    }
}
