import Foundation
import Harness
import StyleKit
import Workloads

/// One build in an A/B comparison: it measures one cell once when asked, in a process of its own.
public protocol ABSide {
    /// Measures `request`, a cell of `workload` and `implementation`, once.
    func measure(
        _ request: CellRequest, workload: any Workload, implementation: Implementation
    ) throws(HarnessError) -> SideMeasurement

    /// Called before each round of pairs (``ABRunner``): a side whose placement in memory can bias every
    /// measurement of a round the same way changes it here.
    func startRound() throws(HarnessError)
}

extension ABSide {
    public func startRound() throws(HarnessError) {}
}

/// What one measurement of a side gave.
public enum SideMeasurement {
    /// The cell's row as that build wrote it (its status, counts and units) and the ns per unit of each
    /// repetition timed.
    case measured(CellResult, nanosecondsPerUnit: [Double])
    /// That build has no such cell (a workload or an implementation it does not know): the cell is in
    /// one side only.
    case absent(String)
    /// The run is stopping (SIGINT, SIGTERM).
    case stopped
}

/// A side that is a `reactive-bench` executable, possibly of another commit: each measurement is one
/// `cell` process of it, with the request in a file and the result read back.
///
/// The result is read leniently (``CellReport``): the other build may be older or newer than this one,
/// and its row may have fields this one does not know, or lack some this one has.
///
/// Each round runs a fresh copy of the executable (``startRound()``). Which physical pages hold an
/// executable's code is fixed while the file stays in the page cache, and it moves a cell's time by itself:
/// here, eight byte-identical copies of one build, each measured against the same base, gave
/// `filter / builtin` +9.8% to +10.7% in four `ab` runs of one copy and within 1.4% in the seven others.
/// With one file per side, such a shift lasts the whole comparison and reaches every pair of a cell
/// alike, so no paired test can tell it from a change (a trial saw every `anySubscriber` cell 11-26% slower
/// in 7 of 10 `ab` runs of the same two executables, docs/COMPARE.md). A fresh copy per round gives each round pages of
/// its own: the shift varies from pair to pair, and the pairs' median sees through it.
///
/// Given ``layouts`` (``CodeLayouts``: the build linked again with its functions in other orders), round r copies
/// the (r mod K)-th of them instead of the executable, so that where the functions lie varies from round to round
/// as well.
public struct ToolSide: ABSide {
    /// The build's executable, as given.
    public let executable: String
    /// Links of the same build in other code layouts, one a round in turn; empty: the executable in every round.
    public var layouts: [String] = []
    /// `base` or `new`: names its files in the scratch directory.
    public let name: String
    public let scratch: ScratchDirectory
    public let timeLimit: Double
    public var shouldStop: () -> Bool = { false }
    /// Where the stderr of a process that failed is kept (`<name>-<workload>--<implementation>.log`).
    public var logDirectory: String?

    /// The copy of the executable this round runs (the executable itself until the first round).
    private let placement: Placement

    public init(executable: String, name: String, scratch: ScratchDirectory, timeLimit: Double) {
        self.executable = executable
        self.name = name
        self.scratch = scratch
        self.timeLimit = timeLimit
        placement = Placement(executable, copiesIn: scratch.root)
    }

    /// The file this side's processes run now.
    public var runningExecutable: String { placement.current }

    /// Copies the executable (or the round's layout) to a new file in the scratch directory, which the round's
    /// processes run, then removes the previous round's copy: written while the old copy still holds its pages,
    /// the new one cannot land on them. On a file system that does not allow executing (`noexec`), the
    /// executable itself keeps running, and ``placementNote`` says so.
    public func startRound() throws(HarnessError) {
        guard placement.copiesCanRun else { return }
        placement.round += 1
        let source = layouts.isEmpty ? executable : layouts[(placement.round - 1) % layouts.count]
        let copy = scratch.path("\(name)-executable-\(placement.round)")
        do {
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        } catch {
            throw HarnessError("cannot copy \(source) into \(scratch.root) for a round of pairs: \(error.localizedDescription)")
        }
        let previous = placement.current
        placement.current = copy
        if previous != executable { try? FileManager.default.removeItem(atPath: previous) }
    }

    /// Why the rounds run the executable itself, when they do.
    public var placementNote: String? {
        placement.copiesCanRun ? nil
            : "\(scratch.root) is on a file system that does not allow executing: every round runs \(executable) itself"
    }

    public func measure(
        _ request: CellRequest, workload: any Workload, implementation: Implementation
    ) throws(HarnessError) -> SideMeasurement {
        let requestPath = scratch.path("\(name)-request.json"), resultPath = scratch.path("\(name)-result.json")
        let logPath = scratch.path("\(name)-stderr.log")
        try JSONFile.write(request, to: requestPath)
        try? FileManager.default.removeItem(atPath: resultPath)
        let ending = try ChildProcess.run(
            placement.current, ["cell", "--request", requestPath, "--result", resultPath], timeLimit: timeLimit,
            environment: IsolatedRunner.childEnvironment, standardErrorPath: logPath, shouldStop: shouldStop
        )
        if case .exited(status: 0...1) = ending, let report = try? JSONFile.read(CellReport.self, from: resultPath) {
            return .measured(report.result(workload, implementation), nanosecondsPerUnit: report.timings.map(\.nanosecondsPerUnit))
        }
        if case .exited(status: 2) = ending {
            // Bad input to that build: a request naming a workload or an implementation it does not have.
            let line = (try? String(contentsOfFile: logPath, encoding: .utf8))?.split(separator: "\n").first
            return .absent(line.map(String.init) ?? "\(executable) does not know this cell")
        }
        guard let failure = CellFailure(ending, log: logPath) else { return .stopped }
        var failed = CellResult(workload, implementation, status: failure.status, detail: failure.detail)
        if let logDirectory {
            let kept = "\(logDirectory)/\(name)-\(workload.name.filter { $0.isLetter || $0.isNumber })--\(implementation.id.rawValue).log"
            try? FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.moveItem(atPath: logPath, toPath: kept)
            failed.detail += " (log: \(kept))"
        }
        return .measured(failed, nanosecondsPerUnit: [])
    }
}

/// Which file a ``ToolSide`` runs: shared by the copies of the side (it is a value), changed per round.
private final class Placement {
    var current: String
    var round = 0
    /// Whether files in the directory the copies go to may be executed (its file system is not mounted
    /// `noexec`); asked once, when the side is made.
    let copiesCanRun: Bool

    init(_ executable: String, copiesIn directory: String) {
        current = executable
        var status = statvfs()
        #if os(Linux)
        copiesCanRun = statvfs(directory, &status) == 0 && status.f_flag & Self.noExecFlag == 0
        #else
        copiesCanRun = statvfs(directory, &status) == 0
        #endif
    }

    /// `ST_NOEXEC` of Linux's `<sys/statvfs.h>`, an enumerator Swift does not import.
    private static let noExecFlag: UInt = 8
}

/// A cell process's result as any build since the `cell` command writes it: only the fields an A/B
/// comparison reads, each optional but the status.
struct CellReport: Decodable {
    struct Row: Decodable {
        var status: String
        var detail: String?
        var unitsPerRepetition: Int?
        var allocationsPerUnit: Double?
        var bytesPerUnit: Double?
        var allocationsPerSubscription: Double?
        var bytesPerSubscription: Double?
        var teardownAllocations: Double?
        var retainedBytes: Int64?
        var requestCallsPerUnit: Double?
        var demandReturnsPerUnit: Double?
        var setupNanoseconds: [Double]?
        var checksum: Checksum?
        var expectedChecksum: Checksum?
    }

    struct Timing: Decodable {
        var nanosecondsPerUnit: Double
    }

    var result: Row
    var timings: [Timing]

    enum CodingKeys: String, CodingKey { case result, timings }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        result = try container.decode(Row.self, forKey: .result)
        timings = try container.decodeIfPresent([Timing].self, forKey: .timings) ?? []
    }

    /// The row in this build's terms; a status this build does not know is a failure (`failed`).
    func result(_ workload: any Workload, _ implementation: Implementation) -> CellResult {
        var row = CellResult(workload, implementation, status: CellStatus(rawValue: result.status) ?? .failed)
        row.detail = result.detail ?? ""
        if CellStatus(rawValue: result.status) == nil { row.detail = "status '\(result.status)': \(row.detail)" }
        row.unitsPerRepetition = result.unitsPerRepetition ?? 0
        row.allocationsPerUnit = result.allocationsPerUnit
        row.bytesPerUnit = result.bytesPerUnit
        row.allocationsPerSubscription = result.allocationsPerSubscription
        row.bytesPerSubscription = result.bytesPerSubscription
        row.teardownAllocations = result.teardownAllocations
        row.retainedBytes = result.retainedBytes
        row.requestCallsPerUnit = result.requestCallsPerUnit
        row.demandReturnsPerUnit = result.demandReturnsPerUnit
        row.setupNanoseconds = result.setupNanoseconds ?? []
        row.checksum = result.checksum
        row.expectedChecksum = result.expectedChecksum
        return row
    }
}
