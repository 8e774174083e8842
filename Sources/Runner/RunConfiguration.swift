import Harness
import Workloads

/// How long and how often each cell is measured.
public struct RunConfiguration: Sendable, Codable {
    /// Timed repetitions per cell (the statistics are over these).
    public var repetitions: Int
    /// Each repetition is sized to last about this long, unless `unitsPerRepetition` is fixed.
    public var targetRepetitionNanoseconds: UInt64
    /// Fixes the number of units per repetition instead of auto-scaling.
    public var unitsPerRepetition: Int?
    /// Timed batches per repetition: the clock is read once per batch, never per element.
    public var batches: Int
    /// Also run one repetition per cell with per-event timestamps into an HdrHistogram.
    public var measuresLatency: Bool
    /// Elements in the latency repetition (at most; see ``latencyUnits(of:nanosecondsPerUnit:)``).
    public var latencyUnits: Int
    /// Leave repetitions timed while the machine ran slow out of the statistics, and measure more
    /// in their place (see ``MachineSentinel``).
    public var noiseGate: Bool
    /// Count the instructions of the measured regions (`run --metric instructions`); nil: a time run.
    public var instructionSource: InstructionSource?
    /// With an instruction source and no `unitsPerRepetition`: elements per repetition (subscriptions:
    /// a tenth). Instruction counts need no auto-scaling, and callgrind runs ~50x slower than the CPU.
    public var instructionElementsPerRepetition = 20_000
    /// With callgrind: count the element batches only, leaving the set-up out (`reactive-bench profile`).
    public var profilesSteadyState = false
    /// With callgrind: also its cache and branch simulation (`run --metric instructions --simulate`,
    /// ``SimulatedEvent``): measured at 1.6x the instruction run's time.
    public var simulatesCachesAndBranches = false

    public init(
        repetitions: Int = 11,
        targetRepetitionNanoseconds: UInt64 = 30_000_000,
        unitsPerRepetition: Int? = nil,
        batches: Int = 10,
        measuresLatency: Bool = true,
        latencyUnits: Int = 200_000,
        noiseGate: Bool = true
    ) {
        self.repetitions = repetitions
        self.targetRepetitionNanoseconds = targetRepetitionNanoseconds
        self.unitsPerRepetition = unitsPerRepetition
        self.batches = batches
        self.measuresLatency = measuresLatency
        self.latencyUnits = latencyUnits
        self.noiseGate = noiseGate
    }

    /// The default suite: 11 repetitions of about 30 ms per cell. Many short repetitions spread over the
    /// run make the median robust to the bursts of a shared 2-core machine.
    ///
    /// Why 30 ms, not the 40 it was: with 336 timed cells the quiet default run had grown to 212 s on the
    /// reference's kind of machine, two thirds of it timed repetitions. Four quiet default runs there (AMD
    /// EPYC family 26 model 2), 40, 30, 40 and 30 ms in turn: the two runs of one length agreed as well at
    /// 30 ms as at 40 (medians within ±5% of each other: 296 and 301 of 336; median difference 0.9% and
    /// 1.5%); the 30 ms runs read 1.8% faster than the 40 ms ones (geometric mean), and so did the noise
    /// gate's sentinel, which the length does not touch (1.6%): the machine, not the length. 167 s a run
    /// instead of 211.
    public static let standard = RunConfiguration()

    /// Why this configuration cannot be measured, or nil: what a `cell` request read from a file must
    /// pass before a cell divides by its batches or sizes its repetitions.
    public var problem: String? {
        if repetitions < 1 { return "repetitions must be at least 1 (got \(repetitions))" }
        if batches < 1 { return "batches must be at least 1 (got \(batches))" }
        if latencyUnits < 0 { return "latencyUnits must not be negative (got \(latencyUnits))" }
        if instructionElementsPerRepetition < 1 || instructionElementsPerRepetition > Self.maximumUnits {
            return "instructionElementsPerRepetition must be from 1 to \(Self.maximumUnits) (got \(instructionElementsPerRepetition))"
        }
        if let units = unitsPerRepetition, units < batches || units > Self.maximumUnits {
            return "unitsPerRepetition must be from batches (\(batches)) to \(Self.maximumUnits) (got \(units))"
        }
        return nil
    }

    /// The most units a repetition may have (`--elements`): a billion elements is minutes per repetition
    /// for the slowest cells, and counts of many more overflow (9,223,372,036,854,775,807 crashed every cell).
    public static let maximumUnits = 1_000_000_000

    /// Why `elements` cannot be a repetition's units (at least `minimum`, at most ``maximumUnits``), or nil.
    public static func elementsProblem(_ elements: Int, minimum: Int, why: String) -> String? {
        if elements < minimum { return "--elements must be at least \(minimum)\(why) (got \(elements))" }
        if elements > maximumUnits { return "--elements must be at most \(maximumUnits) (got \(elements))" }
        return nil
    }

    /// For CI and smoke runs: the same statistics over shorter repetitions.
    public static let quick = RunConfiguration(
        repetitions: 5, targetRepetitionNanoseconds: 10_000_000, measuresLatency: true, latencyUnits: 20_000
    )

    /// For `run --metric instructions`: counts repeat, so 3 repetitions (quick: 2) of fixed length,
    /// without the noise gate or the latency repetition, which time things.
    public static func instructions(_ source: InstructionSource, quick: Bool) -> RunConfiguration {
        var configuration = RunConfiguration(repetitions: quick ? 2 : 3, measuresLatency: false, noiseGate: false)
        configuration.instructionSource = source
        configuration.instructionElementsPerRepetition = quick ? 5_000 : 20_000
        return configuration
    }

    /// The units per repetition fixed by the configuration for a workload counting `unit`s, or nil to
    /// auto-scale.
    func fixedUnits(for unit: MeasuredUnit) -> Int? {
        if let unitsPerRepetition { return unitsPerRepetition }
        guard instructionSource != nil else { return nil }
        return unit == .element ? instructionElementsPerRepetition : max(1, instructionElementsPerRepetition / 10)
    }

    /// Warm-up units before the timed batches of every repetition: a fortieth of them (under 1 ms of a
    /// default repetition), at least 100. The pilot has already paid every first use in the process; what is left
    /// to warm is the new subscription's own memory, which a few thousand elements touch. A tenth, as it
    /// was, cost 4 ms of every repetition, 13 s of the default run; with a fortieth every count of the
    /// default suite stayed as it was (`compare --metrics counts` of a run before against one after).
    func warmupUnits(for units: Int) -> Int { min(max(100, units / 40), Self.mostWarmupUnits) }

    /// At most this many warm-up units: a fortieth of a fast cell's repetition is hundreds of thousands of
    /// elements, a millisecond that warms nothing a few thousand have not. Capped, the default run's counts
    /// stayed as they were (`compare --metrics counts`), and the 60 fastest cells, run three times each way
    /// A B A B, read 0.985x, 1.021x and 0.994x their uncapped times (geometric means): no shift beyond
    /// the runs' own. It saves 2-3 s of the default run.
    static let mostWarmupUnits = 20_000

    /// How many of `units` latency units to record, given what the first ones took each: all of them, unless
    /// that would take longer than ten timed repetitions (``targetRepetitionNanoseconds``); then as many as
    /// fit, but never fewer than ``leastLatencyUnits``.
    ///
    /// Why: a cell that hops a thread waits for each element's wake-up in its latency repetition (one
    /// element in flight), up to 17-21 µs an element where its throughput is 160-620 ns: 200,000 of them
    /// were 1.3 to 4.1 s of an `asyncHop` cell's first process; a fan-out to 100 subscribers takes 4-6 µs
    /// an element, 0.8-1.2 s. With repetitions of 30 ms, a cell whose elements take more than 1.5 µs each
    /// records fewer than 200,000 (the fan-outs about 60,000, a sleeping hop 20,000: p99.99 still has 2 or
    /// more above it); the other cells of the default suite, all of them.
    func latencyUnits(of units: Int, nanosecondsPerUnit: Double) -> Int {
        guard nanosecondsPerUnit > 0 else { return units }
        let fitting = Double(targetRepetitionNanoseconds) * 10 / nanosecondsPerUnit
        let least = min(units, Self.leastLatencyUnits)
        return fitting >= Double(units) ? units : max(least, Int(fitting))
    }

    /// The fewest latency units a bounded latency repetition records: the quick run's whole repetition.
    static let leastLatencyUnits = 20_000
}
