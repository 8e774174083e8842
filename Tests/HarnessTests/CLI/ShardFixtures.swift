import Foundation
import Runner
import Workloads

/// Shards for the `merge` CLI tests, good and bad, written into one directory: `unsplit` (the synthetic run
/// the shards are parts of), `shard-1`, `shard-2` and `shard-3` (its three shards), `other-machine-2`
/// (shard 2 measured on another machine), and one directory per kind of bad input, each a shard that
/// does not go with `shard-1` and `shard-2` in one way.
enum ShardFixtures {
    static let count = 3
    /// The environment every shard of the unsplit run has, but for `shard`.
    static let environment = [
        "git_commit": "a", "git_tree_dirty": "false", "swift_version": "Swift version 6.3.1",
        "build_configuration": "release", "cross_module_optimization": "true", "code_alignment": "64",
        "cpu_model": "AMD EPYC", "core_count": "2", "host_name": "vm", "date_utc": "2026-01-01T00:00:00Z",
        "run_complete": "true", "metric": "time", "sentinel_best_ns_per_element": "1.5",
        "shard_workloads": SyntheticRun.workloads.joined(separator: ";"),
        "shard_implementations": SyntheticRun.implementations.joined(separator: ";"),
    ]

    static func write(into directory: TemporaryDirectory) throws {
        var unsplit = SyntheticRun(seed: 3)
        unsplit.environment = environment.filter { !$0.key.hasPrefix("shard") }
        try unsplit.write(to: directory.appending("unsplit"))
        for index in 1...count {
            try shard(index, of: unsplit).write(to: directory.appending("shard-\(index)"))
        }
        try shard(2, of: unsplit, ["host_name": "ci-2", "cpu_model": "Intel Xeon"]).write(to: directory.appending("other-machine-2"))
        try writeBadShards(into: directory, unsplit: unsplit)
    }

    /// Shards that cannot be merged with `shard-1` and `shard-2`.
    private static func writeBadShards(into directory: TemporaryDirectory, unsplit: SyntheticRun) throws {
        var overlapping = shard(2, of: unsplit)
        overlapping.cells.insert(unsplit.cells[0], at: 0)
        overlapping.environment?["result_rows"] = String(overlapping.cells.count)
        try overlapping.write(to: directory.appending("overlapping-2"))
        try shard(1, of: unsplit, ["shard": "1/2"]).write(to: directory.appending("half-1"))
        try shard(3, of: unsplit, ["shard_workloads": "floor;map"]).write(to: directory.appending("other-selection-3"))
        try shard(3, of: unsplit, ["git_commit": "b"]).write(to: directory.appending("other-commit-3"))
        try shard(3, of: unsplit, ["cross_module_optimization": "false"]).write(to: directory.appending("other-flags-3"))
        try shard(3, of: unsplit, ["run_complete": "false"]).write(to: directory.appending("incomplete-3"))
        var newerSchema = shard(3, of: unsplit)
        for index in newerSchema.cells.indices { newerSchema.cells[index].extra["schema_version"] = "3" }
        try newerSchema.write(to: directory.appending("schema3-3"))
        var instructions = shard(3, of: unsplit, ["metric": "instructions"])
        for index in instructions.cells.indices {
            instructions.cells[index].extra = [
                "ns_per_unit_samples": "", "ns_per_unit_median": "", "instructions_per_unit": "1808.2",
                "instructions_per_subscription": "17943", "instructions_source": "callgrind",
            ]
        }
        try instructions.write(to: directory.appending("instructions-3"))
    }

    /// Shard `index` of `unsplit`: every cell is measured, so the cells are dealt round-robin as they come.
    static func shard(_ index: Int, of unsplit: SyntheticRun, _ changes: [String: String] = [:]) -> SyntheticRun {
        var shard = SyntheticRun(cells: unsplit.cells.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
        shard.environment = environment.merging(["shard": "\(index)/\(count)", "result_rows": String(shard.cells.count)]) { $1 }
            .merging(changes) { $1 }
        return shard
    }
}
