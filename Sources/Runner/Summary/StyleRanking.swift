import Harness
import Workloads

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

    /// The smallest ratio called a difference on most workloads (``Workload/rankingMargin``): two
    /// default runs of one build put 93% of medians within 5% of each other, but single cells up to 20%
    /// apart (one process's memory layout; results/reproducibility), and a 10% margin let a rerun
    /// reverse a pair (`demand (batch64)`: classSubscription and anySubscriber, 3% apart in the
    /// reference, 1.2x apart one way in one run). A gap smaller than 25% is one a rerun may reverse.
    public static let minimumRatio = 1.25
    /// And the Mann–Whitney U test on the two cells' repetitions must give a p-value below this.
    public static let alpha = 0.01

    /// Whether `slower` takes significantly longer than `faster`, two cells of one workload: its median
    /// is longer by at least the workload's ranking margin, and the repetitions say the difference is
    /// not chance.
    public static func isSignificant(_ faster: CellRecord, slower: CellRecord) -> Bool {
        guard let fast = faster.nanosecondsPerUnitMedian, let slow = slower.nanosecondsPerUnitMedian, fast > 0,
            !faster.samples.isEmpty, !slower.samples.isEmpty
        else { return false }
        let margin = margin(of: faster.key.workload)
        return slow / fast >= 1 + margin && MannWhitneyU(faster.samples, slower.samples).pValue < alpha
    }

    /// The ranking margin of `workload` (its ``Workload/rankingMargin``), by name.
    public static func margin(of workload: String) -> Double {
        Scenarios.named(workload)?.rankingMargin ?? minimumRatio - 1
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

// MARK: - Orderings across runs

extension StyleRanking {
    /// Two implementations of one workload that a run calls significantly different, faster first.
    public struct OrderedPair: Sendable, Hashable {
        public let workload: String
        public let faster: String
        public let slower: String
    }

    /// Every pair of implementations of every ranked workload of `run` whose difference is significant
    /// (``isSignificant(_:slower:)``), not only those against the fastest.
    public static func significantPairs(_ run: RunResults, excluding excluded: Set<String> = ["baseline"]) -> [OrderedPair] {
        rankings(run, excluding: excluded).flatMap { ranking -> [OrderedPair] in
            let records = ranking.entries.compactMap { run[CellKey(workload: ranking.workload, implementation: $0.implementation)] }
            return records.indices.flatMap { fast in
                records.indices.filter { $0 > fast && isSignificant(records[fast], slower: records[$0]) }.map { slow in
                    OrderedPair(
                        workload: ranking.workload, faster: records[fast].key.implementation,
                        slower: records[slow].key.implementation
                    )
                }
            }
        }
    }

    /// The pairs `run` calls significantly different whose order `other` reverses (its median of the
    /// faster one is the larger), and how many of the pairs `other` could judge (both cells timed there).
    public static func reversedPairs(_ run: RunResults, in other: RunResults) -> (reversed: [OrderedPair], checked: Int) {
        var reversed: [OrderedPair] = [], checked = 0
        for pair in significantPairs(run) {
            guard let faster = other[CellKey(workload: pair.workload, implementation: pair.faster)]?.nanosecondsPerUnitMedian,
                let slower = other[CellKey(workload: pair.workload, implementation: pair.slower)]?.nanosecondsPerUnitMedian
            else { continue }
            checked += 1
            if faster > slower { reversed.append(pair) }
        }
        return (reversed, checked)
    }
}
