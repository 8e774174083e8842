#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `reactive-bench ab` judges a cell's time from the log ratios of its pairs (new over base), at
/// each of its looks (``PairedLooks``), and when it has seen enough (docs/COMPARE.md, "A/B").
///
/// Each look has an interval for the change: the Hodges–Lehmann interval of the pairs so far, at the
/// look's critical value rather than at `1 - alpha`. The critical values spend alpha over the looks, so
/// that, whatever the true change, every interval of every look covers it with probability at least
/// `1 - alpha` (each end missing with at most `alpha / 2`). With `T` the threshold and `H` half of it:
///
/// - **regressed** when the interval lies at or beyond `+H` and the estimate beyond `+T`; **improved**
///   the same below `-H` and `-T`;
/// - **unchanged** when the interval lies within `(-T, +T)`: the pairs rule out a change beyond the
///   threshold;
/// - otherwise **undecided**: the interval straddles a line, and more pairs are needed.
///
/// A wrong verdict needs an interval that misses the true change: a regression called where the change is
/// at most `+H` (the interval's low end above it), an unchanged cell where it is `T` or more (the high
/// end below it). So the rule calls a change of at most half the threshold a regression with probability
/// at most `alpha / 2`, however many looks it takes, and a change beyond the threshold unchanged with at
/// most `alpha / 2` too; an unchanged cell's chance of being called changed is far smaller, as its
/// interval must miss no change by half the threshold.
///
/// Every verdict is worked out by counting the Walsh averages of the pairs on each side of a line (the
/// signed-rank statistic of the pairs less that line: Tukey's identity), in `O(n log n)`; the interval
/// printed is those averages' order statistics at the same ranks, so the two always agree.
public struct SequentialPairedRule: Sendable, Equatable {
    public enum Decision: String, Sendable, Equatable {
        case regressed, improved, unchanged, undecided
    }

    /// What the pairs of a cell say at its last look.
    public struct Judgement: Sendable, Equatable {
        public let decision: Decision
        public let pairs: Int
        /// How many looks the pairs made: the last of them decided (or could not).
        public let looks: Int
        /// The change in log ratio and its interval at that look (its coverage: the look's own, alone).
        public let estimate: WilcoxonSignedRank.Estimate
    }

    /// `T`, in percent.
    public let thresholdPercent: Double
    /// When the cell was looked at; nil: one look at however many pairs it has, at `alpha`.
    public let looks: PairedLooks?
    public let alpha: Double

    public init(thresholdPercent: Double, alpha: Double, looks: PairedLooks?) {
        precondition(looks.map { $0.alpha == alpha } ?? true, "the looks spend the rule's alpha")
        self.thresholdPercent = thresholdPercent
        self.alpha = alpha
        self.looks = looks
    }

    /// The rule `options` judges paired times by.
    public init(_ options: ComparisonOptions) {
        self.init(thresholdPercent: options.timeThresholdPercent, alpha: options.alpha, looks: options.pairedLooks)
    }

    /// The log ratios new over base of the i-th samples of each side, as the rule judges them: samples that
    /// are not positive cannot form a ratio and leave their pair out; unequal counts pair the common prefix.
    public static func logRatios(base: [Double], new: [Double]) -> [Double] {
        zip(base, new).filter { $0.0 > 0 && $0.1 > 0 }.map { log($0.1 / $0.0) }
    }

    /// The decision on `logRatios` (every pair so far, in any order) at their look; undecided without
    /// pairs. The cheap part of ``judge(_:)``: what `ab` asks after every look.
    public func decide(_ logRatios: [Double]) -> Decision {
        guard !logRatios.isEmpty else { return .undecided }
        let look = lastLook(logRatios.count)
        return decide(WalshAverages(logRatios), rank: look.rank, coverage: look.coverage, required: look.required)
    }

    /// The decision and the estimate with its interval; nil without pairs.
    public func judge(_ logRatios: [Double]) -> Judgement? {
        guard !logRatios.isEmpty else { return nil }
        let look = lastLook(logRatios.count)
        let decision = decide(WalshAverages(logRatios), rank: look.rank, coverage: look.coverage, required: look.required)
        let estimate = WilcoxonSignedRank.hodgesLehmann(logRatios, rank: look.rank, coverage: look.coverage)!
        return Judgement(decision: decision, pairs: logRatios.count, looks: look.number, estimate: estimate)
    }

    /// The last look of `pairs` pairs: which it is, its interval's rank and coverage, and the coverage
    /// its critical value asks for.
    private func lastLook(_ pairs: Int) -> (number: Int, rank: Int, coverage: Double, required: Double) {
        let looks = (looks ?? PairedLooks.single(pairs: pairs, alpha: alpha)).looks(at: pairs)
        let interval = looks.intervals.last!
        let required = 1 - 2 * Normal.upperTail(looks.critical.last!)
        return (looks.schedule.count, interval.rank, interval.coverage, required)
    }
}

// MARK: - How far from a decision

extension SequentialPairedRule {
    /// How near an undecided cell is to a decision, from its last look: which cells `ab` measures first when
    /// its time cannot pay every undecided cell's way to a decision. Orders suspected changes first, the
    /// strongest evidence first, then the others by the pairs projected.
    public struct Prospect: Sendable, Comparable {
        /// The estimate lies beyond half the threshold, up or down: a change the gate exists to decide.
        public let suspectsAChange: Bool
        /// The estimate's distance from no change in half widths of its interval.
        public let evidence: Double
        /// The pairs in all after which the interval would decide the cell, were its centre to stay where it
        /// is and its width to shrink as one over the square root of the pairs (as an interval of independent
        /// pairs does); infinite when its centre lies on a line, where no narrowing decides it.
        public let projectedPairs: Double

        public static func < (lhs: Prospect, rhs: Prospect) -> Bool {
            if lhs.suspectsAChange != rhs.suspectsAChange { return lhs.suspectsAChange }
            if lhs.suspectsAChange && lhs.evidence != rhs.evidence { return lhs.evidence > rhs.evidence }
            return lhs.projectedPairs < rhs.projectedPairs
        }
    }

    /// The prospect of `judgement` (of this rule): of the decisions whose lines the centre already lies on the
    /// right side of, the one nearest, by how far the interval's ends must still move.
    public func prospect(_ judgement: Judgement) -> Prospect {
        let lines = self.lines, estimate = judgement.estimate
        let centre = estimate.centre, halfWidth = (estimate.high - estimate.low) / 2
        // The margin each reachable decision leaves the interval's half width: regressed needs the centre
        // beyond T and the low end beyond H; improved likewise below; unchanged needs both ends within T.
        var margins: [Double] = []
        if centre > lines.up { margins.append(centre - lines.halfUp) }
        if centre < lines.down { margins.append(lines.halfDown - centre) }
        if centre < lines.up && centre > lines.down { margins.append(min(lines.up - centre, centre - lines.down)) }
        let margin = margins.max() ?? 0
        let shrink = halfWidth > 0 && margin > 0 ? (halfWidth / margin) * (halfWidth / margin) : (margin > 0 ? 1 : .infinity)
        return Prospect(
            suspectsAChange: centre > lines.halfUp || centre < lines.halfDown,
            evidence: halfWidth > 0 ? abs(centre) / halfWidth : .infinity,
            projectedPairs: Double(judgement.pairs) * shrink
        )
    }
}

// MARK: - Deciding

extension SequentialPairedRule {
    /// The lines in log ratio: `T` and `H` above no change, and below it (none below -100%).
    private var lines: (up: Double, halfUp: Double, down: Double, halfDown: Double) {
        func line(_ percent: Double) -> Double { percent > -100 ? log1p(percent / 100) : -.infinity }
        return (line(thresholdPercent), line(thresholdPercent / 2), line(-thresholdPercent), line(-thresholdPercent / 2))
    }

    /// The rule on the Walsh averages, with the interval `walsh[rank - 1] ... walsh[M - rank]`, which
    /// covers `coverage` where the look asked for `required`: a look whose pairs are too few to reach it
    /// (the fewest and the largest averages cover less) decides nothing.
    private func decide(_ walsh: WalshAverages, rank: Int, coverage: Double, required: Double) -> Decision {
        guard coverage >= required - 1e-12 else { return .undecided }
        let lines = self.lines
        // The interval's low end is the rank-th smallest average: at or above a line when fewer than `rank`
        // lie below it; its high end, the rank-th largest, below a line when fewer than `rank` reach it.
        let lowAtOrAbove = { (line: Double) in walsh.count(below: line, orEqual: false) < rank }
        let highBelow = { (line: Double) in walsh.count(above: line, orEqual: true) < rank }
        let lowAbove = { (line: Double) in walsh.count(below: line, orEqual: true) < rank }
        let highAtOrBelow = { (line: Double) in walsh.count(above: line, orEqual: false) < rank }
        if lowAtOrAbove(lines.halfUp) && walsh.medianExceeds(lines.up) { return .regressed }
        if highAtOrBelow(lines.halfDown) && walsh.medianIsBelow(lines.down) { return .improved }
        if highBelow(lines.up) && lowAbove(lines.down) { return .unchanged }
        return .undecided
    }
}

// MARK: - Walsh averages, counted

/// The Walsh averages `(d_i + d_j) / 2`, `i <= j`, of some differences, counted on either side of a value
/// without being listed: the differences sorted, a pointer walks down as the other walks up.
struct WalshAverages {
    let sorted: [Double]

    init(_ differences: [Double]) {
        precondition(!differences.contains(where: \.isNaN), "Walsh averages cannot order NaN")
        sorted = differences.sorted()
    }

    var total: Int { sorted.count * (sorted.count + 1) / 2 }

    /// How many averages lie below `value` (or at it, with `orEqual`); with the largest of them and the
    /// smallest of the others.
    func split(at value: Double, orEqual: Bool) -> (count: Int, largestBelow: Double?, smallestAbove: Double?) {
        let n = sorted.count
        var count = 0, bound = n
        var largestBelow: Double?, smallestAbove: Double?
        for i in 0..<n {
            // bound: the first j (of all) whose average with d_i is not below `value`; it only falls as d_i rises.
            while bound > 0 && !Self.isBelow((sorted[i] + sorted[bound - 1]) / 2, value, orEqual: orEqual) { bound -= 1 }
            let first = max(bound, i)
            count += first - i
            if first > i {
                let average = (sorted[i] + sorted[first - 1]) / 2
                largestBelow = max(largestBelow ?? average, average)
            }
            if first < n {
                let average = (sorted[i] + sorted[first]) / 2
                smallestAbove = min(smallestAbove ?? average, average)
            }
        }
        return (count, largestBelow, smallestAbove)
    }

    func count(below value: Double, orEqual: Bool) -> Int {
        split(at: value, orEqual: orEqual).count
    }

    func count(above value: Double, orEqual: Bool) -> Int {
        total - split(at: value, orEqual: !orEqual).count
    }

    /// Whether the median of the averages (the Hodges–Lehmann estimate) lies above `value`.
    func medianExceeds(_ value: Double) -> Bool {
        let (atMost, largest, smallest) = split(at: value, orEqual: true)
        let above = total - atMost
        if 2 * above != total { return 2 * above > total }
        // Exactly half above: the median is the mean of the largest at or below and the smallest above.
        return (largest! + smallest!) / 2 > value
    }

    /// Whether the median of the averages lies below `value`.
    func medianIsBelow(_ value: Double) -> Bool {
        let (below, largest, smallest) = split(at: value, orEqual: false)
        if 2 * below != total { return 2 * below > total }
        return (largest! + smallest!) / 2 < value
    }

    private static func isBelow(_ average: Double, _ value: Double, orEqual: Bool) -> Bool {
        orEqual ? average <= value : average < value
    }
}
