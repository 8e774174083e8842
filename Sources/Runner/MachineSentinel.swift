import Harness
import StyleKit
import Workloads

/// Measures how fast the machine is running right now, so that repetitions timed while it ran slow
/// can be told from those timed while it was quiet.
///
/// Why: on a shared VM the same binary runs in a fast phase and a slow phase (about 1.5x, seen on
/// these 2-core machines), each lasting from a fraction of a second to many seconds, and the slowdown
/// hits every cell alike, the plain loop included. Two back-to-back runs then disagree by 30-40% on
/// every median while their fastest repetitions agree within a few percent. The sentinel is the
/// `builtin` floor cell (a `PassthroughSubject` delivering to a subscriber: the same mix of indirect
/// calls, locks and reference counting as every Combine row), run for a few thousand elements just
/// before and just after every repetition; its best time over the run is the quiet machine.
final class MachineSentinel {
    /// Elements per probe: about half a millisecond on a quiet machine.
    static let unitsPerProbe = 4_000

    private let cell: any Cell
    private var nextUnit = 0
    /// The fastest probe so far, ns per element.
    private(set) var best = Double.infinity

    init(input: SeededInput) throws {
        cell = FloorWorkload().makeCell(for: Registry.implementation(.builtin), input: input)
        try cell.setUp()
        // Warm-up probes: the best is over every probe the process makes, four more around each repetition.
        for _ in 0..<8 { _ = probe() }
    }

    deinit { cell.tearDown() }

    /// How fast the machine runs now: the faster of two probes back to back, ns per element (the second
    /// only when the first is more than 5% over the best: then the faster of the two, as measured below).
    ///
    /// One probe is slowed by a moment's interruption as often as by a slow phase, and a repetition of
    /// 30-40 ms barely feels the moment. Measured over 3,234 repetitions of the default suite's map, filter,
    /// scan and pipelineDepth cells: one probe on each side called 10.3% of repetitions disturbed, and
    /// those were timed like the quiet ones (median 1.007x the cell's quiet median); the faster of two
    /// on each side called 3.1% disturbed, and those were slower (median 1.097x), while the repetitions
    /// both kept spread alike (99th percentile 1.13x and 1.12x the quiet median).
    func reading() -> Double {
        let first = probe()
        return first <= best * 1.05 ? first : min(first, probe())
    }

    /// Times one probe and returns its ns per element.
    func probe() -> Double {
        let start = Clock.now()
        cell.run(from: nextUnit, count: Self.unitsPerProbe)
        let elapsed = Clock.now() &- start
        nextUnit &+= Self.unitsPerProbe
        let nanosecondsPerUnit = Double(elapsed) / Double(Self.unitsPerProbe)
        best = min(best, nanosecondsPerUnit)
        return nanosecondsPerUnit
    }
}

/// One repetition's time and how slow the machine was around it.
public struct TimedRepetition: Codable, Sendable, Equatable {
    public var nanosecondsPerUnit: Double
    /// The slower of the sentinel's readings just before and just after the repetition
    /// (``MachineSentinel/reading()``), ns per element; nil when the noise gate is off.
    public var sentinel: Double?
    /// The share of the timed batches' wall-clock time the measuring thread spent on a CPU: its CPU time
    /// (`CLOCK_THREAD_CPUTIME_ID`) over the wall-clock time of the same stretch. About 1 for a cell that had
    /// a core to itself; less when another process or thread took the core from it. Nil when the noise gate
    /// is off, and for the cells that keep a second thread busy (their measuring thread waits for it).
    public var cpuShare: Double?
    /// For a cell that keeps a second thread busy, which the sentinel cannot judge: the CPUs other processes
    /// used, on average, over all the repetitions of the process that timed this one (``OtherProcesses``).
    /// Nil for the other cells, and when the noise gate is off or the machine cannot say.
    public var otherProcessesCPUs: Double?

    public init(nanosecondsPerUnit: Double, sentinel: Double?, cpuShare: Double? = nil, otherProcessesCPUs: Double? = nil) {
        self.nanosecondsPerUnit = nanosecondsPerUnit
        self.sentinel = sentinel
        self.cpuShare = cpuShare
        self.otherProcessesCPUs = otherProcessesCPUs
    }

    /// Whether the repetition was timed on a quiet machine: its sentinel within `threshold` of the best, and
    /// the measuring thread on a CPU for its whole time (``isOnCPU``); without a sentinel, a machine the rest
    /// of whose processes left the cell's alone (``isAlone``).
    func isQuiet(best: Double, threshold: Double) -> Bool {
        guard let sentinel else { return isAlone }
        return sentinel <= best * threshold && isOnCPU
    }

    /// Whether the measuring thread was on a CPU for at least ``CPUShare/least`` of the repetition (true when
    /// not measured).
    var isOnCPU: Bool { (cpuShare ?? 1) >= CPUShare.least }

    /// False when other processes used ``OtherProcesses/most`` CPUs or more while the cell's process timed
    /// the repetition (true when not measured).
    var isAlone: Bool { (otherProcessesCPUs ?? 0) < OtherProcesses.most }

    /// How much slower than the quiet machine the repetition ran: its sentinel over the quiet machine's
    /// (`best`), and over again the share of its time it had a CPU. A repetition that shared its core with
    /// a busy loop for its whole time reads about 2 even when the sentinel's short probes, each a
    /// half-millisecond between two of the scheduler's switches, ran at full speed.
    func slowdown(best: Double) -> Double? {
        sentinel.map { $0 / best / min(1, cpuShare ?? 1) }
    }
}

/// Chooses the repetitions a cell's time statistics are computed over.
public enum NoiseGate {
    /// Repetitions whose sentinel is within this factor of the run's best count as quiet. The slow
    /// phase measured here is ~1.4-1.5x; a quiet machine's probes vary by a few percent.
    static let quietThreshold = 1.15

    struct Selection: Equatable {
        var samples: [Double]
        /// The repetitions timed while the machine ran slow, left out or (with a note) kept.
        var disturbed: Int
        /// Median of (sentinel / best) over the chosen repetitions; nil without a sentinel.
        var slowdown: Double?
        /// Set when too few repetitions were quiet and all of them were kept.
        var note: String?
    }

    /// What a run says when some of its cells' times keep disturbed repetitions, or nil: how many, and how slow
    /// the machine ran around them.
    public static func slowMachineWarning(_ results: [CellResult]) -> String? {
        let slow = results.filter { $0.keptDisturbed == true }
        guard !slow.isEmpty else { return nil }
        let measured = results.count { $0.keptDisturbed != nil }
        let slowdowns = slow.compactMap(\.machineSlowdown)
        let how = slowdowns.isEmpty ? "" : " (their `machine_slowdown` median \(DecimalText.format(SampleStatistics(slowdowns).median, digits: 2)))"
        return "the machine ran slow through \(slow.count) of \(measured) cells: fewer than half their repetitions were quiet, "
            + "so their times keep the disturbed ones\(how), and results.csv's `detail` says so; measure them again on a "
            + "quieter machine before reading a difference of a few percent"
    }

    /// The order in which cells are measured again: the indices of `quiet` (each cell's quiet repetitions,
    /// nil for a cell not measured) with fewer than `required`, those nearest to it first, then in run order.
    ///
    /// Why nearest first: measuring again has a budget (``RemeasureBudget``), and a cell 1 quiet repetition
    /// short is made whole by far less of it than one 6 short, which beside a neighbour that stays may never
    /// be. Fewest first, tried in the load trial beside two busy loops (AMD kind, 7cbff53, a quarter's budget):
    /// 164 of 336 medians within ±5% of the quiet run's, where measuring again without a budget had kept 277.
    static func remeasureOrder(_ quiet: [Int?], below required: Int) -> [Int] {
        quiet.indices.filter { (quiet[$0] ?? required) < required }.sorted { (-quiet[$0]!, $0) < (-quiet[$1]!, $1) }
    }

    /// How many of `repetitions` were timed on a quiet machine.
    static func quietCount(_ repetitions: [TimedRepetition], best: Double) -> Int {
        repetitions.filter { $0.isQuiet(best: best, threshold: quietThreshold) }.count
    }

    /// The quiet repetitions if there are at least `required` of them; otherwise all of them, with a note.
    static func select(_ repetitions: [TimedRepetition], best: Double, required: Int) -> Selection {
        let quiet = repetitions.filter { $0.isQuiet(best: best, threshold: quietThreshold) }
        let chosen: [TimedRepetition]
        var note: String?
        // Nothing judged them (the gate off): nothing to note.
        if quiet.count >= required || repetitions.allSatisfy({ $0.sentinel == nil && $0.otherProcessesCPUs == nil }) {
            chosen = quiet
        } else {
            chosen = repetitions
            let offCPU = repetitions.count { !$0.isOnCPU }
            let besideOthers = repetitions.count { !$0.isAlone }
            let why =
                if offCPU > 0 { " (\(offCPU) had a CPU for less than \(CPUShare.leastText) of their time)" }
                else if besideOthers > 0 {
                    " (\(besideOthers) ran while other processes used \(DecimalText.format(OtherProcesses.most, digits: 1)) CPUs or more)"
                } else { "" }
            note = KeptDisturbedNote.text(quiet: quiet.count, of: repetitions.count, why: why)
        }
        let slowdowns = chosen.compactMap { $0.slowdown(best: best) }
        return Selection(
            samples: chosen.map(\.nanosecondsPerUnit),
            // Counted whether or not they are kept: a cell timed wholly in a slow phase says so here too.
            disturbed: repetitions.count - quiet.count,
            slowdown: slowdowns.isEmpty ? nil : SampleStatistics(slowdowns).median,
            note: note
        )
    }
}
