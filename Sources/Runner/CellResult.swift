import Harness
import StyleKit
import Workloads

/// What a cell's row says about how it ended.
public enum CellStatus: String, Sendable {
    case ok
    case unsupported
    case checksumMismatch = "checksum_mismatch"
    case failed
    case crashed
    case timeout
}

/// One repetition's raw numbers.
struct RepetitionMeasurement {
    var setupNanoseconds: Double
    var setup: AllocationDelta
    var steady: AllocationDelta
    var teardown: AllocationDelta
    var retainedBytes: Int64
    var checksum: Checksum
    /// Demand traffic of the Combine-family downstream during the timed batches.
    var requestCalls: Int
    var demandReturns: Int
}

/// One CSV row: one implementation x one workload x one parameter set.
public struct CellResult: Sendable, Codable, Equatable {
    public var workload: String
    public var scenario: String
    public var parameter: String?
    /// Where the elements came from, for a workload with the source axis; nil for one without it.
    public var source: SourceKind?
    public var unit: MeasuredUnit
    public var implementation: ImplementationID
    public var family: Family
    /// The threads the cell keeps busy while it is timed: 2 where ``Workload/keepsASecondThreadBusy(for:)``.
    public var threads: Int
    public var status: CellStatus
    public var detail: String
    public var unitsPerRepetition: Int = 0
    /// The repetitions' ns per unit that the statistics are over: the quiet ones (see ``NoiseGate``).
    public var nanosecondsPerUnit: [Double] = []
    /// Repetitions timed while the machine ran slow, left out of `nanosecondsPerUnit`.
    public var disturbedRepetitions: Int?
    /// Median over the kept repetitions of the sentinel's time over its best (1 = quiet machine).
    public var machineSlowdown: Double?
    public var setupNanoseconds: [Double] = []
    public var allocationsPerUnit: Double?
    public var bytesPerUnit: Double?
    public var allocationsPerSubscription: Double?
    public var bytesPerSubscription: Double?
    public var teardownAllocations: Double?
    public var retainedBytes: Int64?
    /// Calls to `request` the downstream made per unit in steady state (Combine family only).
    public var requestCallsPerUnit: Double?
    /// Non-zero demands the downstream returned from `receive` per unit (Combine family only).
    public var demandReturnsPerUnit: Double?
    /// Median over the same implementation's median with `.unlimited` demand, as a % overhead.
    public var demandOverheadPercent: Double?
    public var latency: LatencySummary?
    public var latencyRecordingOverhead: Double?
    /// How many frames deep the cell's loop calls its sink to deliver an element (``Runner``'s pilot
    /// measures it); nil where the sink does not record latency, or receives on another thread.
    public var callDepth: Int?
    public var checksum: Checksum?
    public var expectedChecksum: Checksum?
    /// Median ns/unit over the baseline loop's median on the same workload; set once the run is done.
    public var baselineRatio: Double?
    /// Every measured region's instruction count (`run --metric instructions`), repetition by repetition.
    public var instructionSamples: [InstructionSample] = []
    /// Median instructions per unit over the repetitions' timed batches.
    public var instructionsPerUnit: Double?
    /// `element` workloads: median instructions to build and subscribe the pipeline; `subscription`
    /// workloads: the same as `instructionsPerUnit`.
    public var instructionsPerSubscription: Double?
    public var instructionSource: InstructionSource?
    /// Median per unit of what the timed batches did (retains, locks, ...; callgrind only).
    public var anatomyPerUnit: CallAnatomy?
    /// `element` workloads: the same for building and subscribing the pipeline; `subscription`
    /// workloads: the same as `anatomyPerUnit`.
    public var anatomyPerSubscription: CallAnatomy?
    /// `instructionsPerUnit` by where the instructions execute (callgrind only); they sum to it.
    public var componentsPerUnit: [InstructionComponent: Double]?
    /// Median per unit of what callgrind's cache and branch simulation counted in the timed batches
    /// (`run --metric instructions --simulate` only).
    public var simulatedPerUnit: SimulatedEvents?

    public var statistics: SampleStatistics? {
        nanosecondsPerUnit.isEmpty ? nil : SampleStatistics(nanosecondsPerUnit)
    }

    /// True when too few repetitions were quiet and the statistics are over all of them, the disturbed ones
    /// too: read from `detail`, as `compare` reads it (``KeptDisturbedNote``); nil when the noise gate was off.
    public var keptDisturbed: Bool? {
        disturbedRepetitions.map { _ in KeptDisturbedNote.isIn(detail) }
    }

    public var isFailure: Bool {
        switch status {
        case .ok, .unsupported: false
        case .checksumMismatch, .failed, .crashed, .timeout: true
        }
    }
}

extension CellResult {
    /// A row for `workload` x `implementation` with the given status and nothing measured yet.
    init(_ workload: any Workload, _ implementation: Implementation, status: CellStatus = .ok, detail: String = "") {
        self.init(
            workload: workload.name, scenario: workload.scenario, parameter: workload.parameter,
            source: workload.sourceAxis, unit: workload.unit, implementation: implementation.id, family: implementation.family,
            threads: workload.keepsASecondThreadBusy(for: implementation) ? 2 : 1, status: status, detail: detail
        )
    }

    /// Takes `samples` as this row's instruction counts, from `source`.
    mutating func countInstructions(_ samples: [InstructionSample], source: InstructionSource) {
        instructionSamples = samples
        instructionSource = source
        instructionsPerUnit = InstructionSample.perUnitMedian(samples, region: .steady)
        instructionsPerSubscription = unit == .element
            ? InstructionSample.perUnitMedian(samples, region: .setup) : instructionsPerUnit
        anatomyPerUnit = CallAnatomy.perUnitMedian(samples, region: .steady)
        anatomyPerSubscription = unit == .element ? CallAnatomy.perUnitMedian(samples, region: .setup) : anatomyPerUnit
        componentsPerUnit = InstructionSample.componentsPerUnit(samples, region: .steady)
        simulatedPerUnit = SimulatedEvents.perUnitMedian(samples, region: .steady)
    }

    /// Takes the noise gate's choice of repetitions as this row's time samples. Without the gate there
    /// is nothing disturbed to count, and the column stays empty.
    mutating func keep(_ selection: NoiseGate.Selection, gated: Bool) {
        nanosecondsPerUnit = selection.samples
        disturbedRepetitions = gated ? selection.disturbed : nil
        machineSlowdown = selection.slowdown
        if let note = selection.note, detail.isEmpty { detail = note }
    }
}
