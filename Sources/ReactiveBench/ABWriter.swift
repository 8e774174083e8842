import Foundation
import Harness
import Runner

/// What `ab` writes into its run directory: `base/` and `new/`, each a run directory of its own (a
/// results.csv whose `ns_per_unit_samples` are the pairs' samples in pair order, so that the i-th of one
/// goes with the i-th of the other; an environment.csv naming the build), `pairs.csv` (every pair as
/// measured, every stage's: ``ABRunner/Pair/schema``) and `comparison.csv` (the report as `compare --format csv`
/// writes it: ``ComparisonCSV``).
struct ABWriter {
    let directory: String
    let base: BuildResolver.Build
    let new: BuildResolver.Build
    let pairs: Int
    let maximumPairs: Int
    /// Code layouts each side ran in turn (``CodeLayouts``); 0: each build as linked.
    let layouts: Int

    /// Both sides' files with no rows (`run_complete` false): a run killed before its first pair says so.
    func start() throws {
        for side in ["base", "new"] {
            do {
                try FileManager.default.createDirectory(atPath: "\(directory)/\(side)", withIntermediateDirectories: true)
            } catch {
                throw OutputFailure("cannot create \(directory)/\(side): \(error.localizedDescription)")
            }
        }
        try write(ABRunner.Outcome(base: [], new: [], pairs: [], complete: false))
    }

    func finish(_ outcome: ABRunner.Outcome) throws {
        try write(outcome)
    }

    func writeComparison(_ csv: String) throws {
        do throws(HarnessError) {
            try AtomicFile.write(Array((csv + "\n").utf8), to: "\(directory)/\(ComparisonCSV.schema.file)")
        } catch {
            throw OutputFailure(error.message)
        }
    }

    /// The pairs so far, written over the last ones at once (a temporary file renamed), after each round.
    func writePairs(_ pairs: [ABRunner.Pair]) throws {
        do throws(HarnessError) {
            try ABRunner.Pair.schema.table(pairs).write(to: "\(directory)/\(ABRunner.Pair.schema.file)")
        } catch {
            throw OutputFailure(error.message)
        }
    }

    private func write(_ outcome: ABRunner.Outcome) throws {
        let environment = RunEnvironment.capture()
        for (side, build, rows) in [("base", base, outcome.base), ("new", new, outcome.new)] {
            var sideEnvironment = environment
            sideEnvironment.gitCommit = build.commit ?? "unknown"
            sideEnvironment.gitTreeDirty = build.treeDirty
            let writer = RunWriter(
                directory: "\(directory)/\(side)", environment: sideEnvironment, metric: .time,
                extra: [["ab_side", side], ["ab_build", build.description], ["ab_tool", build.executable], ["ab_pairs", String(pairs)],
                    ["ab_max_pairs", String(maximumPairs)], ["ab_layouts", String(layouts)]]
            )
            try writer.write(rows, sentinelBest: nil, complete: outcome.complete)
        }
        try writePairs(outcome.pairs)
    }
}
