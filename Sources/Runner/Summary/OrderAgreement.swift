import Harness

/// How far one run's orderings hold in another run (another processor, another day): every pair of
/// implementations of a workload that both runs timed, by how far apart the first run puts them, and
/// whether the other run keeps their order. The answer to "which of these conclusions travel": a ranking
/// of two styles that one processor separates by more than ``largestReversedRatio`` held on the other.
public struct OrderAgreement: Sendable, Equatable {
    /// The pairs the first run separates by at least `threshold`, and how many of them the other reverses;
    /// the same two counts for the pairs of cells that keep one thread busy (results.csv's `threads`), nil
    /// when the first run does not say.
    public struct Band: Sendable, Equatable {
        public let threshold: Double
        public let pairs: Int
        public let reversed: Int
        public let pairsOfOneThread: Int?
        public let reversedOfOneThread: Int?
    }

    /// Two implementations of one workload, faster first in the first run, and how many times slower the
    /// slower one was there.
    public struct Pair: Sendable, Equatable {
        public let workload: String
        public let faster: String
        public let slower: String
        public let ratio: Double
    }

    /// The ratios the bands start at: every pair, then pairs separated by 10%, 20%, 50%, 2x and 3x.
    public static let thresholds = [1.0, 1.1, 1.2, 1.5, 2.0, 3.0]

    public let bands: [Band]
    /// The pairs the other run reverses, the widest apart (in the first run) first.
    public let reversed: [Pair]

    /// The widest a pair the other run reverses was apart in the first: every pair separated by more held
    /// (nil when none was reversed).
    public var largestReversedRatio: Double? { reversed.first?.ratio }

    /// Compares every pair of `ok`, timed implementations of each workload `run` and `other` share, leaving
    /// out `excluded` (the hand-written loop is the floor, not a style to rank).
    public init(_ run: RunResults, in other: RunResults, excluding excluded: Set<String> = ["baseline"]) {
        var pairs: [(pair: Pair, isReversed: Bool, isOfOneThread: Bool)] = []
        let saysThreads = run.columns.contains(ResultColumn.threads.name)
        func keepsOneThread(_ workload: String, _ implementation: String) -> Bool {
            run[CellKey(workload: workload, implementation: implementation)]?.threads == 1
        }
        for ranking in StyleRanking.rankings(run, excluding: excluded) {
            let timed = ranking.entries.compactMap { entry -> (String, Double, Double)? in
                let key = CellKey(workload: ranking.workload, implementation: entry.implementation)
                guard let there = other[key], there.isOK, let otherMedian = there.nanosecondsPerUnitMedian else { return nil }
                return (entry.implementation, entry.medianNanoseconds, otherMedian)
            }
            for fast in timed.indices {
                for slow in timed.indices where slow > fast && timed[fast].1 > 0 {
                    let pair = Pair(
                        workload: ranking.workload, faster: timed[fast].0, slower: timed[slow].0,
                        ratio: timed[slow].1 / timed[fast].1
                    )
                    let isOfOneThread = keepsOneThread(ranking.workload, pair.faster) && keepsOneThread(ranking.workload, pair.slower)
                    pairs.append((pair, timed[fast].2 > timed[slow].2, isOfOneThread))
                }
            }
        }
        bands = Self.thresholds.map { threshold in
            let separated = pairs.filter { $0.pair.ratio >= threshold }
            let ofOneThread = separated.filter(\.isOfOneThread)
            return Band(
                threshold: threshold, pairs: separated.count, reversed: separated.filter(\.isReversed).count,
                pairsOfOneThread: saysThreads ? ofOneThread.count : nil,
                reversedOfOneThread: saysThreads ? ofOneThread.filter(\.isReversed).count : nil
            )
        }
        reversed = pairs.filter(\.isReversed).map(\.pair).sorted { $0.ratio > $1.ratio }
    }

    /// orderings.csv: one row per band.
    public static let schema = CSVFileSchema<Band>(
        file: "orderings.csv",
        row: "the pairs of implementations of one workload that a run separates by at least a ratio, and how many another run reverses",
        columns: [
            CSVColumn("separated_by_at_least", unit: .ratio, "the band: pairs whose slower median is at least this many times the faster's in the first run") {
                ResultTable.format($0.threshold, digits: 2)
            },
            CSVColumn("pairs", unit: .count, "pairs in the band that both runs timed") { String($0.pairs) },
            CSVColumn("reversed", unit: .count, "of those, pairs the other run puts in the other order") { String($0.reversed) },
            CSVColumn(
                "pairs_of_one_thread", unit: .count,
                "of the band's pairs, those of two cells that keep one thread busy in the first run (results.csv's `threads`); "
                    + "empty when its results.csv does not say"
            ) { $0.pairsOfOneThread.map(String.init) ?? "" },
            CSVColumn("reversed_of_one_thread", unit: .count, "of those, pairs the other run puts in the other order") {
                $0.reversedOfOneThread.map(String.init) ?? ""
            },
        ]
    )
}
