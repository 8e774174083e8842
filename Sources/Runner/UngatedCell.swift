import Harness
import StyleKit
import Workloads

/// One cell measured in a child process: its row without time statistics, every repetition's time and
/// sentinel, and the sentinel's best in that process. The parent chooses the repetitions.
public struct UngatedCell: Codable, Sendable {
    public var result: CellResult
    public var timings: [TimedRepetition]
    public var sentinelBest: Double?
}

/// What a parent asks a child process to measure: one cell, with the run's configuration.
public struct CellRequest: Codable, Sendable {
    public var workload: String
    public var implementation: ImplementationID
    public var configuration: RunConfiguration
    /// Also measure latency (false when only extra repetitions are wanted).
    public var latency: Bool

    public init(workload: String, implementation: ImplementationID, configuration: RunConfiguration, latency: Bool) {
        self.workload = workload
        self.implementation = implementation
        self.configuration = configuration
        self.latency = latency
    }
}

extension CellResult {
    /// Folds a later measurement of the same cell into this one: its repetitions' timings are the
    /// caller's business; counts keep the largest value seen, a failure wins over `ok`.
    mutating func absorb(_ later: CellResult) {
        if status == .ok && later.status != .ok {
            status = later.status
            detail = later.detail
        }
        setupNanoseconds += later.setupNanoseconds
        allocationsPerUnit = Self.larger(allocationsPerUnit, later.allocationsPerUnit)
        bytesPerUnit = Self.larger(bytesPerUnit, later.bytesPerUnit)
        allocationsPerSubscription = Self.larger(allocationsPerSubscription, later.allocationsPerSubscription)
        bytesPerSubscription = Self.larger(bytesPerSubscription, later.bytesPerSubscription)
        teardownAllocations = Self.larger(teardownAllocations, later.teardownAllocations)
        retainedBytes = Self.larger(retainedBytes, later.retainedBytes)
        requestCallsPerUnit = Self.larger(requestCallsPerUnit, later.requestCallsPerUnit)
        demandReturnsPerUnit = Self.larger(demandReturnsPerUnit, later.demandReturnsPerUnit)
        if checksum != later.checksum, later.checksum != nil, status == .ok {
            status = .checksumMismatch
            detail = "checksum \(later.checksum!) in a later repetition, \(checksum.map(String.init(describing:)) ?? "none") before"
        }
    }

    private static func larger<T: Comparable>(_ a: T?, _ b: T?) -> T? {
        switch (a, b) {
        case (let a?, let b?): Swift.max(a, b)
        case (let a?, nil): a
        case (nil, let b): b
        }
    }
}

extension CellStatus: Codable {}
extension MeasuredUnit: Codable {}
extension Family: Codable {}
extension ImplementationID: Codable {}
