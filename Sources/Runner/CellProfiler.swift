import Foundation
import Harness
import StyleKit
import Workloads

/// Runs one cell in a child process under callgrind, collecting its element batches only (one
/// repetition), and leaves callgrind's file for kcachegrind and `callgrind_annotate`.
public struct CellProfiler {
    /// The tool's own executable, which understands `cell --request FILE --result FILE`.
    public var executable: String
    /// Units in the profiled repetition; nil: 20,000 elements or 2,000 subscriptions.
    public var units: Int?
    public var timeLimit: Double
    /// Asked every 50 ms while the cell runs; true kills it (and valgrind) and ``profile(_:_:callgrindFile:)``
    /// returns nil.
    public var shouldStop: () -> Bool = { false }

    public init(executable: String, units: Int?, timeLimit: Double) {
        self.executable = executable
        self.units = units
        self.timeLimit = timeLimit
    }

    /// What one profile produced.
    public struct Outcome {
        /// The cell's row: status, checksum against the reference, units.
        public var result: CellResult
        /// Instructions callgrind collected: the element batches.
        public var totalInstructions: UInt64
        /// What the element batches did, in total: retains, locks, ...
        public var anatomy: CallAnatomy
    }

    /// Profiles `workload` x `implementation`, writing callgrind's file to `callgrindFile`; nil when
    /// `shouldStop` stopped it.
    public func profile(
        _ workload: any Workload, _ implementation: Implementation, callgrindFile: String
    ) throws(HarnessError) -> Outcome? {
        let valgrind = try Callgrind.valgrind()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var configuration = RunConfiguration.instructions(.callgrind, quick: false)
        configuration.repetitions = 1
        configuration.unitsPerRepetition = units
        configuration.profilesSteadyState = true
        let request = CellRequest(
            workload: workload.name, implementation: implementation.id, configuration: configuration, latency: false
        )
        let requestPath = scratch.path(ScratchDirectory.request), resultPath = scratch.path(ScratchDirectory.result)
        try JSONFile.write(request, to: requestPath)
        // Run in the scratch directory, named relative to it, as a run's cells are (IsolatedRunner).
        let program = "./" + (try Callgrind.strippedCopy(of: executable, into: scratch.root) as NSString).lastPathComponent
        let scratchOutput = scratch.path("callgrind.out")
        let cellArguments = ["cell", "--request", ScratchDirectory.request, "--result", ScratchDirectory.result]
        let arguments = Callgrind.arguments(program: program, cellArguments, outputFile: scratchOutput)
        let environment = Callgrind.environment(IsolatedRunner.childEnvironment, program: program, cellArguments)
        let ending = try ChildProcess.run(
            valgrind, arguments, timeLimit: timeLimit, environment: environment,
            standardErrorPath: scratch.path("stderr.log"), directory: scratch.root, shouldStop: shouldStop
        )
        if ending == .stopped { return nil }
        guard ending == .exited(status: 0) || ending == .exited(status: 1),
            let measured = try? JSONFile.read(UngatedCell.self, from: resultPath)
        else {
            let reason = CrashReport(log: scratch.path("stderr.log")).reason.map { ": \($0)" } ?? ""
            throw HarnessError("the profiled cell's process ended with \(ending) and no result\(reason)")
        }
        let graph = try copySteadyPart(of: scratchOutput, to: callgrindFile)
        guard let total = graph.totals["Ir"] else { throw HarnessError("callgrind wrote no instruction total to \(callgrindFile)") }
        return Outcome(result: measured.result, totalInstructions: total, anatomy: CallAnatomy(graph))
    }

    /// Copies the part file of the profiled batches (the only region: one repetition, no set-up) to
    /// `callgrindFile`, and returns its calls. The other parts hold what ran outside the batches.
    private func copySteadyPart(of output: String, to callgrindFile: String) throws(HarnessError) -> CallgrindCallGraph {
        let steadyLabel = "\(InstructionSample.callgrindLabel(.steady))"
        for part in Callgrind.partFiles(output) {
            guard let text = try? String(contentsOfFile: part, encoding: .utf8) else { continue }
            let graph = CallgrindCallGraph(parsing: text)
            guard graph.label == steadyLabel else { continue }
            do {
                try FileManager.default.copyItem(atPath: part, toPath: callgrindFile)
            } catch {
                throw HarnessError("could not copy \(part) to \(callgrindFile): \(error)")
            }
            return graph
        }
        throw HarnessError("callgrind wrote no part file for the profiled batches")
    }
}
