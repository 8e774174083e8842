/// When `reactive-bench ab` looks at a cell's pairs: after the first `pairsPerLook`, then after every
/// `pairsPerLook` more, up to `maximumPairs` (the last look then comes at `maximumPairs`, after fewer). The
/// critical values of every look are worked out here once, by alpha spending over the looks
/// (``AlphaSpendingBoundary``), so that the intervals of all the looks together cover the true change
/// with probability at least `1 - alpha` (``SequentialPairedRule``).
public struct PairedLooks: Sendable, Equatable {
    public private(set) var pairsPerLook: Int
    public let maximumPairs: Int
    /// The probability that an interval at some look misses the true change: half of it on each side.
    public let alpha: Double
    /// The pairs a cell has at each look.
    public private(set) var schedule: [Int]
    /// Each look's critical value: its interval's ends are where the signed-rank statistic of the pairs
    /// less that change is this many standard deviations from its mean.
    public private(set) var critical: [Double]
    /// Each look's interval: the rank of its low end among the Walsh averages, and what it covers alone.
    private(set) var intervals: [(rank: Int, coverage: Double)]

    /// Looks after every `pairsPerLook` pairs (at least 1) up to `maximumPairs` (at least `pairsPerLook`).
    public init(pairsPerLook: Int, maximumPairs: Int, alpha: Double) {
        precondition(pairsPerLook >= 1 && maximumPairs >= pairsPerLook, "looks need 1 <= pairsPerLook <= maximumPairs")
        let full = Array(stride(from: pairsPerLook, through: maximumPairs, by: pairsPerLook))
        self.init(schedule: full.last == maximumPairs ? full : full + [maximumPairs], maximum: maximumPairs, alpha: alpha)
        self.pairsPerLook = pairsPerLook
    }

    /// One look, at however many pairs a cell has: a test of fixed size, at `alpha`.
    public static func single(pairs: Int, alpha: Double) -> PairedLooks {
        PairedLooks(schedule: [pairs], maximum: pairs, alpha: alpha)
    }

    /// Looks at `schedule` (increasing), of at most `maximum` pairs, at `critical` values (by default
    /// those that spend `alpha`; the tests give others, to show what they would do).
    init(schedule: [Int], maximum: Int, alpha: Double, critical: [Double]? = nil) {
        precondition(ComparisonOptions.isValidAlpha(alpha), "alpha is a probability in (0, 1)")
        pairsPerLook = schedule[0]
        maximumPairs = maximum
        self.alpha = alpha
        self.schedule = schedule
        self.critical = critical
            ?? AlphaSpendingBoundary(fractions: schedule.map { Double($0) / Double(maximum) }, level: alpha / 2).critical
        intervals = WilcoxonSignedRank.intervalRanks(zip(schedule, self.critical).map { ($0, Normal.upperTail($1)) })
    }

    /// The looks a cell with `pairs` pairs has had: the scheduled ones up to `pairs`, the last at `pairs`
    /// itself even when it is not scheduled (such a look spends what the schedule would have by then, as
    /// alpha spending allows).
    func looks(at pairs: Int) -> PairedLooks {
        guard let last = schedule.firstIndex(of: pairs) else {
            return PairedLooks(schedule: schedule.filter { $0 < pairs } + [pairs], maximum: max(pairs, maximumPairs), alpha: alpha)
        }
        var looks = self
        looks.schedule = Array(schedule.prefix(last + 1))
        looks.critical = Array(critical.prefix(last + 1))
        looks.intervals = Array(intervals.prefix(last + 1))
        return looks
    }

    public static func == (lhs: PairedLooks, rhs: PairedLooks) -> Bool {
        (lhs.schedule, lhs.maximumPairs, lhs.alpha) == (rhs.schedule, rhs.maximumPairs, rhs.alpha)
    }
}
