import Foundation
import Harness
import StyleKit
import Workloads

/// Runs every cell in a child process of the tool (`reactive-bench cell`), so that a crash, a hang or a
/// corrupted heap in one implementation cannot affect the others: a child killed by a signal becomes a
/// `crashed` row, one past the time limit a `timeout` row, and the run goes on.
///
/// The children report every repetition with its sentinel probe (see ``MachineSentinel``); the noise
/// gate is applied here, against the best sentinel of all children, so a child that ran entirely in a
/// slow phase is recognised as such. Cells left with too few quiet repetitions (``remeasuredBelow(_:)``) get
/// a child asking for more, up to three times, each once the machine is quiet again (within a waiting
/// budget). A time run measures each cell in parts, each a pass over every cell (``parts(_:)``).
public struct IsolatedRunner {
    public typealias Progress = (String) -> Void

    /// The tool's own executable, which understands `cell --request FILE --result FILE`.
    public var executable: String
    public var configuration: RunConfiguration
    /// Seconds a child may run before it is killed and its cell marked `timeout`.
    public var cellTimeLimit: Double
    public var progress: Progress = { _ in }
    /// Called before each cell that is measured (not the unsupported ones, which take no time).
    public var step: (ProgressStep) -> Void = { _ in }
    /// Called with every row so far, complete as the noise gate keeps it so far, for writing partial
    /// results as the run goes: after every cell of the first pass, which adds a row, and at most once a
    /// second in the later parts, which only add repetitions to rows already there (a call makes and writes
    /// every row: with this and the rows the tool's writer keeps, its own time between a default run's
    /// processes fell from 11.6 s to 5.5 s).
    public var cellFinished: ([CellResult]) -> Void = { _ in }
    /// Where the stderr of a cell that failed is kept (`<workload>--<implementation>.log`); nil: nowhere.
    public var logDirectory: String?
    /// Checked while children run: true stops the run (SIGINT, SIGTERM).
    public var shouldStop: () -> Bool = { false }
    /// Seconds the noise gate may spend, over the whole run, waiting for a slow phase of the machine to
    /// end before it measures a disturbed cell again (``QuietMachineWait``).
    public var quietWaitBudgetSeconds = 45.0
    /// The part of the cells to measure (`run --shard K/N`); every cell by default.
    public var shard = Shard.whole

    public init(executable: String, configuration: RunConfiguration, cellTimeLimit: Double) {
        self.executable = executable
        self.configuration = configuration
        self.cellTimeLimit = cellTimeLimit
    }

    public struct Outcome {
        public var results: [CellResult]
        public var sentinelBest: Double?
        /// False when the run was stopped before every cell was measured.
        public var complete: Bool

        public init(results: [CellResult], sentinelBest: Double?, complete: Bool) {
            self.results = results
            self.sentinelBest = sentinelBest
            self.complete = complete
        }

        /// The outcome of cells measured in this process (`run --in-process`).
        public init(_ measured: Runner.Outcome) {
            self.init(results: measured.results, sentinelBest: measured.sentinelBest, complete: measured.complete)
        }
    }

    /// Measures every pair (of ``shard``), each in a process of its own, exchanging files through `scratch`
    /// (a new scratch directory when nil, removed at the end).
    public func run(
        workloads: [any Workload], implementations: [Implementation], scratch given: ScratchDirectory? = nil
    ) throws(HarnessError) -> Outcome {
        let scratch: ScratchDirectory
        if let given { scratch = given } else { scratch = try ScratchDirectory() }
        defer { if given == nil { scratch.remove() } }
        let cells = shard.cells(of: workloads, implementations)
        let measured = cells.count { $0.workload.unsupportedReason(for: $0.implementation) == nil }
        let parts = Self.parts(configuration)
        var firstPart = configuration
        firstPart.repetitions = parts[0]
        let launcher = try CellLauncher(executable: executable, configuration: configuration, scratch: scratch)
        var results: [CellResult] = []
        var timings: [[TimedRepetition]] = []
        var bests: [Double] = []
        var started = 0
        let measuringStarted = Clock.now()
        let wait = configuration.noiseGate
            ? try? QuietMachineWait(input: SeededInput(), budgetSeconds: quietWaitBudgetSeconds) : nil
        for (workload, implementation) in cells {
            if shouldStop() { return finish(results, timings, bests, complete: false) }
            let request = CellRequest(
                workload: workload.name, implementation: implementation.id, configuration: firstPart, latency: true
            )
            if let reason = workload.unsupportedReason(for: implementation) {
                // Nothing to measure: no process to start (under callgrind, a second's start-up).
                results.append(CellResult(workload, implementation, status: .unsupported, detail: reason))
                timings.append([])
                cellFinished(finish(results, timings, bests, complete: false).results)
                continue
            }
            let position = "cell \(results.count + 1)/\(cells.count)"
            let label = "\(position) \(workload.name) / \(implementation.id.rawValue)\(Self.partText(0, of: parts))"
            step(ProgressStep(label: label, done: started, total: measured * parts.count))
            started += 1
            let cell = try measure(request, workload: workload, implementation: implementation, scratch: scratch, launcher)
            if case .stopped = cell.ending { return finish(results, timings, bests, complete: false) }
            results.append(cell.measured.result)
            timings.append(cell.measured.timings)
            bests += cell.measured.sentinelBest.map { [$0] } ?? []
            wait?.observe()
            // Each row as the noise gate keeps it so far: a run killed now (kill -9) leaves rows with their
            // times, never `ok` rows with empty ones; the end of the run selects again over every cell.
            cellFinished(finish(results, timings, bests, complete: false).results)
        }
        var lastFinished = Clock.now()
        for (part, repetitions) in parts.enumerated().dropFirst() {
            for index in results.indices where results[index].status == .ok {
                let (workload, implementation) = cells[index]
                let label = "cell \(index + 1)/\(cells.count) \(workload.name) / \(implementation.id.rawValue)\(Self.partText(part, of: parts))"
                step(ProgressStep(label: label, done: started, total: measured * parts.count))
                started += 1
                let more = MoreRepetitions(index: index, workload: workload, implementation: implementation, repetitions: repetitions)
                guard !shouldStop(), try measure(more, &results, &timings, &bests, scratch: scratch, launcher) else {
                    return finish(results, timings, bests, complete: false)
                }
                if Clock.now() - lastFinished >= 1_000_000_000 {
                    cellFinished(finish(results, timings, bests, complete: false).results)
                    lastFinished = Clock.now()
                }
            }
        }
        let budget = RemeasureBudget(measured: Clock.now() - measuringStarted)
        try remeasureDisturbed(&results, &timings, &bests, cells: cells, wait: wait, budget: budget, scratch: scratch, launcher)
        return finish(results, timings, bests, complete: !shouldStop())
    }

    // MARK: - A cell's repetitions in parts

    /// The repetitions each of a cell's processes times, in order: a time run's cell is measured in up to
    /// three processes of at least three repetitions each (11: 4, 4 and 3), each part in a pass over every
    /// cell, so that its repetitions come from moments minutes apart and from processes laid out apart.
    ///
    /// Why: a process's memory layout can make one cell run slow for the process's whole life, where the
    /// sentinel, laid out elsewhere, does not. Measured on the 2-core Intel VM: `pipelineDepth (16) [direct]
    /// / structBridge` took 96-101 ns in 9 processes of 10 and 131.8 ns (its fastest repetition 130.9) in the
    /// tenth, each with the sentinel quiet; in a load trial's quiet run it took 163.9 ns where both busy runs
    /// took 96, and so read 0.59x beside them. A part of 4 of 11 repetitions cannot set the median. Each
    /// more process costs its start, the sentinel's warm-up and the pilot: 28 ms there. An instruction run,
    /// whose counts repeat, and a run of fewer than 6 repetitions (`--quick`) keep one process a cell.
    static func parts(_ configuration: RunConfiguration) -> [Int] {
        let repetitions = configuration.repetitions
        let count = configuration.instructionSource == nil ? min(3, max(1, repetitions / 3)) : 1
        let processes = repetitions < 6 ? 1 : count
        return (0..<processes).map { part in repetitions / processes + (part < repetitions % processes ? 1 : 0) }
    }

    /// The noise gate measures a cell again, for the repetitions it lacks, while it has fewer quiet ones than
    /// this: with its repetitions in parts, fewer than the half the statistics need (``Runner/requiredQuiet(_:)``),
    /// which the parts could not give it; in one process, fewer than asked for.
    ///
    /// Why not all of them when in parts: parts spread a cell over three moments, so a slow phase touches more
    /// cells than it did, each a little, and measuring every cell with a disturbed repetition again cost most
    /// of a default run in a noisy hour (550 s on the Intel VM, 298, 275 and 251 cells measured again in the
    /// three passes) while the median of the quiet half is the same statistic the gate keeps.
    static func remeasuredBelow(_ configuration: RunConfiguration) -> Int {
        parts(configuration).count > 1 ? Runner.requiredQuiet(configuration.repetitions) : configuration.repetitions
    }

    /// ` (part 2 of 3)` in a progress line, or nothing for a cell measured in one process.
    static func partText(_ part: Int, of parts: [Int]) -> String {
        parts.count == 1 ? "" : " (part \(part + 1) of \(parts.count))"
    }

    /// A request for more repetitions of the cell at `index` of the run: the units its first process chose,
    /// no latency repetition.
    private struct MoreRepetitions {
        var index: Int
        var workload: any Workload
        var implementation: Implementation
        var repetitions: Int
    }

    /// Measures `more` in a process of its own and folds it into the cell's row; false when the run is stopping.
    private func measure(
        _ more: MoreRepetitions, _ results: inout [CellResult], _ timings: inout [[TimedRepetition]], _ bests: inout [Double],
        scratch: ScratchDirectory, _ launcher: CellLauncher
    ) throws(HarnessError) -> Bool {
        var extra = configuration
        extra.repetitions = more.repetitions
        extra.unitsPerRepetition = results[more.index].unitsPerRepetition
        let request = CellRequest(workload: more.workload.name, implementation: more.implementation.id, configuration: extra, latency: false)
        let cell = try measure(request, workload: more.workload, implementation: more.implementation, scratch: scratch, launcher)
        if case .stopped = cell.ending { return false }
        results[more.index].absorb(cell.measured.result)
        timings[more.index] += cell.measured.timings
        bests += cell.measured.sentinelBest.map { [$0] } ?? []
        return true
    }

    // MARK: - One child

    /// The tool's environment, with Swift's per-process random hashing seed switched off: a `Dictionary`
    /// or `Set` (the histogram's bins, `PassthroughSubject`'s subscriptions) then has the same layout and
    /// the same collisions in every child, instead of one drawn at random per process. Measured here: with
    /// random seeds, histogram cells moved by 11-21% between two runs; the other cells are unaffected.
    ///
    /// A crashing cell starts the Swift runtime's backtracer, whose report gives the row its reason (a trap's
    /// "precondition failure" is an inlined frame, which only full symbolication names). It reports the
    /// crashed thread only, without registers or images: 22 lines in 0.31 s here instead of 52, and the
    /// same time, so a report under load is less often cut short by `--cell-timeout` (the row is
    /// `crashed` either way: ``CellFailure``). A `SWIFT_BACKTRACE` the user set is kept.
    static let childEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        if environment["SWIFT_BACKTRACE"] == nil {
            environment["SWIFT_BACKTRACE"] = "interactive=no,color=no,output-to=stderr,threads=crashed,registers=none,images=none"
        }
        return environment
    }()

    private struct ChildCell {
        var measured: UngatedCell
        var ending: ChildProcess.Ending
    }

    private func measure(
        _ request: CellRequest, workload: any Workload, implementation: Implementation, scratch: ScratchDirectory,
        _ launcher: CellLauncher
    ) throws(HarnessError) -> ChildCell {
        let requestPath = scratch.path(ScratchDirectory.request), resultPath = scratch.path(ScratchDirectory.result)
        let logPath = scratch.path("stderr.log")
        try JSONFile.write(request, to: requestPath)
        try? FileManager.default.removeItem(atPath: resultPath)
        launcher.clear()
        // The child runs in the scratch directory, which its arguments name relative to it: the same
        // arguments for every cell and run, so that a counted process starts from the same stack and heap.
        let cellArguments = ["cell", "--request", ScratchDirectory.request, "--result", ScratchDirectory.result]
        let ending = try ChildProcess.run(
            launcher.program, launcher.arguments(cellArguments), timeLimit: cellTimeLimit,
            environment: launcher.environment(Self.childEnvironment, cellArguments: cellArguments), standardErrorPath: logPath,
            directory: scratch.root, shouldStop: shouldStop
        )
        if case .exited(status: 0...1) = ending, var measured = try? JSONFile.read(UngatedCell.self, from: resultPath) {
            launcher.collect(into: &measured, workload: workload, implementation: implementation)
            return ChildCell(measured: measured, ending: ending)
        }
        guard let failure = CellFailure(ending, log: logPath) else {
            // The run is stopping (SIGINT, SIGTERM): the cell gets no row, and nothing to report.
            let stopped = CellResult(workload, implementation, status: .crashed)
            return ChildCell(measured: UngatedCell(result: stopped, timings: [], sentinelBest: nil), ending: ending)
        }
        var failed = CellResult(workload, implementation, status: failure.status, detail: failure.detail)
        if let logDirectory {
            let kept = "\(logDirectory)/\(workload.name.filter { $0.isLetter || $0.isNumber })--\(implementation.id.rawValue).log"
            try? FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
            try? FileManager.default.moveItem(atPath: logPath, toPath: kept)
            failed.detail += " (log: \(kept))"
        }
        progress("\(workload.name) / \(implementation.id.rawValue): \(failed.status.rawValue): \(failed.detail)")
        return ChildCell(measured: UngatedCell(result: failed, timings: [], sentinelBest: nil), ending: ending)
    }

    /// The quiet machine's sentinel time: a low quantile of the children's bests rather than their
    /// minimum, because a process's memory layout also moves its sentinel by some percent, and one lucky
    /// process must not make every other one look disturbed.
    static func quietSentinel(_ bests: [Double]) -> Double? {
        guard !bests.isEmpty else { return nil }
        let sorted = bests.sorted()
        return sorted[(sorted.count - 1) / 5]
    }

    // MARK: - Noise gate

    /// Measures again, in up to three passes, each cell with fewer quiet repetitions than ``remeasuredBelow(_:)``,
    /// those nearest to enough first (``NoiseGate/remeasureOrder(_:below:)``), until `budget` is spent.
    private func remeasureDisturbed(
        _ results: inout [CellResult], _ timings: inout [[TimedRepetition]], _ bests: inout [Double],
        cells: [(workload: any Workload, implementation: Implementation)], wait: QuietMachineWait?, budget: RemeasureBudget,
        scratch: ScratchDirectory, _ launcher: CellLauncher
    ) throws(HarnessError) {
        guard configuration.noiseGate else { return }
        let wanted = configuration.repetitions, required = Self.remeasuredBelow(configuration)
        var warned = false
        for pass in 1...3 {
            let best = Self.quietSentinel(bests) ?? .infinity
            // A cell of two threads disturbed by other processes is measured again only if they have gone:
            // beside a neighbour that stays, three more passes would read what the first did, at its cost.
            var besideOthers: Bool?
            let quietCounts = results.indices.map { results[$0].status == .ok ? NoiseGate.quietCount(timings[$0], best: best) : nil }
            for index in NoiseGate.remeasureOrder(quietCounts, below: required) where !shouldStop() {
                let quiet = quietCounts[index]!
                if budget.isSpent() {
                    // The cells whose statistics will keep their disturbed repetitions: too few quiet to leave them out.
                    let bar = Self.quietSentinel(bests) ?? .infinity, kept = Runner.requiredQuiet(wanted)
                    progress(budget.spentText(short: results.indices.count {
                        results[$0].status == .ok && NoiseGate.quietCount(timings[$0], best: bar) < kept
                    }))
                    return
                }
                if cells[index].workload.keepsASecondThreadBusy(for: cells[index].implementation) {
                    if besideOthers == nil {
                        let cpus = OtherProcesses.now()
                        besideOthers = cpus.map { $0 >= OtherProcesses.most } ?? false
                        if besideOthers == true {
                            progress("other processes are using \(DecimalText.format(cpus ?? 0, digits: 1)) of the machine's CPUs: the cells of two threads are not measured again (pass \(pass))")
                        }
                    }
                    if besideOthers == true { continue }
                }
                if let wait, !wait.untilQuiet(), !warned {
                    warned = true
                    progress("machine still slow after the run's \(Int(quietWaitBudgetSeconds)) s of waiting: measuring anyway")
                }
                let (workload, implementation) = cells[index]
                progress("machine disturbed: \(wanted - quiet) more repetitions (pass \(pass)) \(workload.name) / \(implementation.id.rawValue)")
                let more = MoreRepetitions(index: index, workload: workload, implementation: implementation, repetitions: wanted - quiet)
                guard try measure(more, &results, &timings, &bests, scratch: scratch, launcher) else { return }
            }
        }
    }

    private func finish(
        _ results: [CellResult], _ timings: [[TimedRepetition]], _ bests: [Double], complete: Bool
    ) -> Outcome {
        var results = results
        let best = Self.quietSentinel(bests)
        for index in results.indices where !timings[index].isEmpty && results[index].status != .failed {
            let selection = NoiseGate.select(
                timings[index], best: best ?? .infinity, required: Runner.requiredQuiet(configuration.repetitions)
            )
            results[index].keep(selection, gated: configuration.noiseGate)
            // A run stopped, or killed, between a cell's parts: its row says it has fewer than asked for.
            if !complete && results[index].status == .ok && timings[index].count < configuration.repetitions {
                let stopped = "stopped after \(timings[index].count) of \(configuration.repetitions) repetitions"
                results[index].detail = results[index].detail.isEmpty ? stopped : "\(stopped); \(results[index].detail)"
            }
        }
        Runner.fillBaselineRatios(&results)
        Runner.fillDemandOverheads(&results, workloads: Scenarios.all)
        return Outcome(results: results, sentinelBest: best, complete: complete)
    }
}
