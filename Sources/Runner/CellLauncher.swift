import Foundation
import Harness
import StyleKit
import Workloads

/// How a parent starts a cell's process: the tool itself, or, when the run counts instructions with
/// callgrind, the tool under `valgrind --tool=callgrind`, whose per-region part files it then reads.
struct CellLauncher {
    let program: String
    private let leadingArguments: [String]
    /// callgrind's output file: the child dumps one part (`.1`, `.2`, ...) per measured region.
    private let callgrindOutput: String?

    init(executable: String, configuration: RunConfiguration, scratch: ScratchDirectory) throws(HarnessError) {
        guard configuration.instructionSource == .callgrind else {
            program = executable
            leadingArguments = []
            callgrindOutput = nil
            return
        }
        let valgrind = try Callgrind.valgrind()
        // Named relative to the scratch directory, where the cells run (IsolatedRunner).
        let stripped = "./" + (try Callgrind.strippedCopy(of: executable, into: scratch.root) as NSString).lastPathComponent
        let output = scratch.path("callgrind.out")
        program = valgrind
        leadingArguments = Callgrind.arguments(
            program: stripped, [], outputFile: output, simulate: configuration.simulatesCachesAndBranches
        )
        callgrindOutput = output
    }

    func arguments(_ cellArguments: [String]) -> [String] { leadingArguments + cellArguments }

    /// The environment of the child that runs `cellArguments`: `base`, made repeatable for callgrind
    /// (``Callgrind/environment(_:program:_:)``).
    func environment(_ base: [String: String], cellArguments: [String]) -> [String: String] {
        guard callgrindOutput != nil, let program = leadingArguments.last else { return base }
        return Callgrind.environment(base, program: program, cellArguments)
    }

    /// Removes what the previous cell's callgrind wrote, so its parts cannot be read as this cell's.
    func clear() {
        guard let callgrindOutput else { return }
        let directory = (callgrindOutput as NSString).deletingLastPathComponent
        let name = (callgrindOutput as NSString).lastPathComponent
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where entry.hasPrefix(name) {
            try? FileManager.default.removeItem(atPath: "\(directory)/\(entry)")
        }
    }

    /// Gives a cell measured under callgrind its instruction counts, unless `implementation`'s counts on
    /// `workload` do not repeat (then `detail` says why). Its times are the simulator's, not the machine's, so they are dropped:
    /// the row's time columns stay empty.
    func collect(into cell: inout UngatedCell, workload: any Workload, implementation: Implementation) {
        guard let callgrindOutput else { return }
        cell.timings = []
        cell.result.setupNanoseconds = []
        guard cell.result.status == .ok || cell.result.status == .checksumMismatch else { return }
        if let reason = workload.unrepeatableInstructionsReason(for: implementation) {
            if cell.result.detail.isEmpty { cell.result.detail = reason }
            return
        }
        let samples = Callgrind.regionSamples(outputFile: callgrindOutput, steadyUnits: cell.result.unitsPerRepetition)
        guard !samples.isEmpty else {
            cell.result.status = .failed
            cell.result.detail = "callgrind wrote no counts for the measured regions"
            return
        }
        cell.result.countInstructions(samples, source: .callgrind)
    }
}
