import Harness
import StyleKit

/// Cells measured in one process with their repetitions interleaved (``Runner/measureInterleaved(_:_:)``):
/// the price list's controls, whose prices are differences between the cells of one group, so that a slow
/// phase of the machine falls on both sides of every difference.
public struct InterleavedCells: Codable, Sendable {
    /// One row per cell, in the order asked for: its status, units and counts, no time statistics.
    public var results: [CellResult]
    /// The rounds: `rounds[r][i]` is cell i's repetition in round r. Only whole rounds, every cell `ok`.
    public var rounds: [[TimedRepetition]]
    /// The sentinel's best in the process; nil with the noise gate off.
    public var sentinelBest: Double?

    public init(results: [CellResult], rounds: [[TimedRepetition]], sentinelBest: Double?) {
        self.results = results
        self.rounds = rounds
        self.sentinelBest = sentinelBest
    }

    /// The rounds timed on a quiet machine: every repetition of the round within the noise gate's threshold
    /// of `best` (``NoiseGate``).
    func quietRounds(best: Double) -> [[TimedRepetition]] {
        rounds.filter { round in round.allSatisfy { $0.isQuiet(best: best, threshold: NoiseGate.quietThreshold) } }
    }

    /// Why the prices read off these rounds do not hold, or nil: fewer than half the rounds had a CPU for
    /// their whole time (every repetition ``TimedRepetition/isOnCPU``). A process that shares its core with
    /// another is slowed on both sides of every difference alike, so pairing cannot help, and the sentinel's
    /// short probes do not see it: beside two busy loops on the 2-core Intel VM, six prices were written at
    /// 1.5 to 1.9 times the quiet run's.
    var sharedCoreReason: String? {
        let onCPU = rounds.count { round in round.allSatisfy(\.isOnCPU) }
        guard onCPU < (rounds.count + 1) / 2 else { return nil }
        return "only \(onCPU) of its \(rounds.count) rounds had a CPU for \(CPUShare.leastText) of their time "
            + "or more: another process shared the core"
    }

    /// The group with the rounds a price is read from: the quiet ones when there are at least `required`, as
    /// the noise gate keeps a cell's repetitions; otherwise every round. Every round alike: a slow phase
    /// stretches both sides of a round's difference, and the price's interval, read off the rounds'
    /// differences, shows how far. (Marking the prices of such a group instead marked 8 or 9 of 15 in a run
    /// with nothing else running on the 2-core Intel VM.)
    func keptRounds(best: Double?, required: Int) -> InterleavedCells {
        guard let best else { return self }
        let quiet = quietRounds(best: best)
        var kept = self
        if quiet.count >= required { kept.rounds = quiet }
        return kept
    }
}

/// What a parent asks a child process to measure: cells interleaved (`reactive-bench interleaved-cells`).
public struct InterleavedRequest: Codable, Sendable {
    public var workloads: [String]
    public var implementation: ImplementationID
    public var configuration: RunConfiguration

    public init(workloads: [String], implementation: ImplementationID, configuration: RunConfiguration) {
        self.workloads = workloads
        self.implementation = implementation
        self.configuration = configuration
    }
}
