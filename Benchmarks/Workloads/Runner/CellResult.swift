import Harness
import Implementations
import StyleKit

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
    var nanosecondsPerUnit: Double
    var setupNanoseconds: Double
    var setup: AllocationDelta
    var steady: AllocationDelta
    var teardown: AllocationDelta
    var retainedBytes: Int64
    var checksum: Checksum
}

/// One CSV row: one implementation x one workload x one parameter set.
public struct CellResult: Sendable {
    public var workload: String
    public var unit: MeasuredUnit
    public var implementation: ImplementationID
    public var family: Family
    public var status: CellStatus
    public var detail: String
    public var unitsPerRepetition: Int = 0
    public var nanosecondsPerUnit: [Double] = []
    public var setupNanoseconds: [Double] = []
    public var allocationsPerUnit: Double?
    public var bytesPerUnit: Double?
    public var allocationsPerSubscription: Double?
    public var bytesPerSubscription: Double?
    public var teardownAllocations: Double?
    public var retainedBytes: Int64?
    public var latency: LatencySummary?
    public var latencyRecordingOverhead: Double?
    public var checksum: Checksum?
    public var expectedChecksum: Checksum?
    /// Median ns/unit over the baseline loop's median on the same workload; set once the run is done.
    public var baselineRatio: Double?

    public var statistics: SampleStatistics? {
        nanosecondsPerUnit.isEmpty ? nil : SampleStatistics(nanosecondsPerUnit)
    }

    public var isFailure: Bool {
        switch status {
        case .ok, .unsupported: false
        case .checksumMismatch, .failed, .crashed, .timeout: true
        }
    }
}
