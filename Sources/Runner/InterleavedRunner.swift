import Foundation
import Harness
import StyleKit
import Workloads

/// Measures groups of cells, each group in a child process of the tool (`reactive-bench interleaved-cells`)
/// with its cells' repetitions interleaved (``Runner/measureInterleaved(_:_:)``): the price list's time
/// controls, whose prices are differences between the cells of one group.
///
/// As ``IsolatedRunner`` does with cells, it measures each group in parts, judges the rounds against the
/// quiet machine's sentinel of every child (``IsolatedRunner/quietSentinel(_:)``), and measures a group left
/// with too few quiet rounds (``IsolatedRunner/remeasuredBelow(_:)``) again once the machine is quiet, up to
/// three times. A child that crashes or hangs fails its group's cells, and the run goes on.
public struct InterleavedRunner {
    /// The tool's own executable, which understands `interleaved-cells --request FILE --result FILE`.
    public var executable: String
    /// A time run's configuration.
    public var configuration: RunConfiguration
    /// Seconds one cell may take: a group's child may take this times its cells.
    public var cellTimeLimit: Double
    public var progress: (String) -> Void = { _ in }
    /// Called before each group.
    public var step: (ProgressStep) -> Void = { _ in }
    /// Checked while children run: true stops the run (SIGINT, SIGTERM).
    public var shouldStop: () -> Bool = { false }
    /// Seconds the noise gate may spend, over all groups, waiting for a slow phase to end (``QuietMachineWait``).
    public var quietWaitBudgetSeconds = 45.0

    public init(executable: String, configuration: RunConfiguration, cellTimeLimit: Double) {
        self.executable = executable
        self.configuration = configuration
        self.cellTimeLimit = cellTimeLimit
    }

    public struct Outcome {
        /// Each group measured, in order, with the rounds its prices are read from
        /// (``InterleavedCells/keptRounds(best:required:)``).
        public var groups: [InterleavedCells]
        /// False when the run was stopped before every group was measured.
        public var complete: Bool
    }

    /// Measures every group in `implementation`'s row, exchanging files through `scratch`.
    public func run(
        _ groups: [[any Workload]], implementation: Implementation, scratch: ScratchDirectory
    ) throws(HarnessError) -> Outcome {
        var measured: [InterleavedCells] = [], bests: [Double] = []
        let wait = configuration.noiseGate
            ? try? QuietMachineWait(input: SeededInput(), budgetSeconds: quietWaitBudgetSeconds) : nil
        // In parts, each a pass over every group, as a time run's cells are (``IsolatedRunner/parts(_:)``): a slow
        // phase of a few seconds, which the sentinel missed while it made three groups' prices 1.2x to 1.6x beside
        // a busy loop, then falls on a part of each group's rounds, not on all of them.
        let parts = IsolatedRunner.parts(configuration)
        var part = configuration
        for (index, rounds) in parts.enumerated() {
            part.repetitions = rounds
            for (number, group) in groups.enumerated() where index == 0 || measured[number].results.allSatisfy({ $0.status == .ok }) {
                let label = group.map(\.name).joined(separator: " | ") + IsolatedRunner.partText(index, of: parts)
                step(ProgressStep(label: label, done: index * groups.count + number, total: groups.count * parts.count))
                guard !shouldStop(), let cells = try measure(group, implementation, part, scratch: scratch) else {
                    return Outcome(groups: measured, complete: false)
                }
                if index == 0 {
                    measured.append(cells)
                    bests += cells.sentinelBest.map { [$0] } ?? []
                    wait?.observe()
                } else {
                    absorb(cells, into: &measured[number], bests: &bests)
                }
            }
        }
        try remeasureDisturbed(&measured, &bests, groups: groups, implementation, wait: wait, scratch: scratch)
        let best = configuration.noiseGate ? IsolatedRunner.quietSentinel(bests) : nil
        let required = Runner.requiredQuiet(configuration.repetitions)
        return Outcome(groups: measured.map { $0.keptRounds(best: best, required: required) }, complete: !shouldStop())
    }

    /// Measures a group again, for the rounds it lacks, while it has fewer quiet rounds than
    /// ``IsolatedRunner/remeasuredBelow(_:)``.
    private func remeasureDisturbed(
        _ measured: inout [InterleavedCells], _ bests: inout [Double], groups: [[any Workload]], _ implementation: Implementation,
        wait: QuietMachineWait?, scratch: ScratchDirectory
    ) throws(HarnessError) {
        guard configuration.noiseGate else { return }
        let wanted = configuration.repetitions, required = IsolatedRunner.remeasuredBelow(configuration)
        for pass in 1...3 {
            let best = IsolatedRunner.quietSentinel(bests) ?? .infinity
            for index in measured.indices where measured[index].results.allSatisfy({ $0.status == .ok }) {
                let quiet = measured[index].quietRounds(best: best).count
                guard quiet < required, !shouldStop() else { continue }
                if let wait, !wait.untilQuiet() {
                    progress("machine still slow after \(Int(quietWaitBudgetSeconds)) s of waiting: measuring anyway")
                }
                var extra = configuration
                extra.repetitions = wanted - quiet
                let names = groups[index].map(\.name).joined(separator: " | ")
                progress("machine disturbed: \(extra.repetitions) more rounds (pass \(pass)) \(names)")
                guard let more = try measure(groups[index], implementation, extra, scratch: scratch) else { return }
                absorb(more, into: &measured[index], bests: &bests)
            }
        }
    }

    /// Adds a later process's rounds of a group to those it has; a process whose cells are not all `ok` adds
    /// none, and says so.
    private func absorb(_ more: InterleavedCells, into group: inout InterleavedCells, bests: inout [Double]) {
        guard more.results.allSatisfy({ $0.status == .ok }) else {
            let names = group.results.map(\.workload).joined(separator: " | ")
            progress("\(names): \(more.results.first { $0.status != .ok }!.detail): its first rounds are kept")
            return
        }
        group.rounds += more.rounds
        bests += more.sentinelBest.map { [$0] } ?? []
    }

    /// One group in a child process; nil when the run is stopping. A child that gives no result fails every
    /// cell of its group, with why.
    private func measure(
        _ group: [any Workload], _ implementation: Implementation, _ configuration: RunConfiguration, scratch: ScratchDirectory
    ) throws(HarnessError) -> InterleavedCells? {
        let request = InterleavedRequest(workloads: group.map(\.name), implementation: implementation.id, configuration: configuration)
        let requestPath = scratch.path(ScratchDirectory.request), resultPath = scratch.path(ScratchDirectory.result)
        let logPath = scratch.path("stderr.log")
        try JSONFile.write(request, to: requestPath)
        try? FileManager.default.removeItem(atPath: resultPath)
        let ending = try ChildProcess.run(
            executable, ["interleaved-cells", "--request", ScratchDirectory.request, "--result", ScratchDirectory.result],
            timeLimit: cellTimeLimit * Double(group.count), environment: IsolatedRunner.childEnvironment,
            standardErrorPath: logPath, directory: scratch.root, shouldStop: shouldStop
        )
        if case .exited(status: 0...1) = ending, let cells = try? JSONFile.read(InterleavedCells.self, from: resultPath) {
            return cells
        }
        guard let failure = CellFailure(ending, log: logPath) else { return nil }
        let failed = group.map { CellResult($0, implementation, status: failure.status, detail: failure.detail) }
        return InterleavedCells(results: failed, rounds: [], sentinelBest: nil)
    }
}
