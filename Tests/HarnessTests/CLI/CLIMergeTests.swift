import Foundation
import Harness
import Testing

/// `reactive-bench merge` through the release tool, on synthetic shards (``ShardFixtures``): the merged run
/// is the run the shards were split from, for `compare` and `summary`; shards from two machines make all
/// three say so in one warning line.
struct CLIMergeTests {
    /// What `merge` did, and what the commands run on its run directory afterwards printed.
    private struct Merged {
        var merge: ToolOutcome
        /// The new run directory's name, under `merged/`.
        var name: String
        /// environment.csv's lines, `key,value`.
        var environment: [String]
        var then: [ToolOutcome]
    }

    /// Merges `shards` into `merged/`, then runs `commands` (`MERGED` standing for the merged run).
    private func merge(_ shards: [String], then commands: [[String]]) async throws -> Merged? {
        guard let tool = ToolBinary.release() else { return nil }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try ShardFixtures.write(into: directory)
        let merge = try await ToolProcess.run(tool, ["merge"] + shards + ["--output", "merged"], in: directory.path)
        try #require(merge.exitedNormally && merge.exitStatus == 0, "\(merge)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("merged")).first)
        var then: [ToolOutcome] = []
        for command in commands {
            let arguments = command.map { $0 == "MERGED" ? "merged/\(name)" : $0 }
            then.append(try await ToolProcess.run(tool, arguments, in: directory.path))
        }
        let environment = try String(contentsOfFile: directory.appending("merged/\(name)/environment.csv"), encoding: .utf8)
        return Merged(merge: merge, name: name, environment: lines(environment), then: then)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func shardsInAnyOrderMergeIntoTheRunTheyWereSplitFrom() async throws {
        let commands = [["compare", "unsplit", "MERGED"], ["summary", "MERGED"]]
        guard let merged = try await merge(["shard-3", "shard-1", "shard-2"], then: commands) else { return }
        let (compare, summary) = (merged.then[0], merged.then[1])
        #expect(merged.merge.standardError.isEmpty, "\(merged.merge)")
        #expect(merged.merge.standardOutput == "3 shards (one machine), 9 cells -> merged/\(merged.name)/results.csv\n")
        #expect(compare.exitStatus == 0, "\(compare)")
        #expect(lines(compare.standardOutput).last == "verdict: no regression (9 cells: 9 unchanged)", "\(compare)")
        #expect(!compare.standardOutput.contains("warning:"), "\(compare)")
        #expect(summary.exitStatus == 0 && summary.standardError.isEmpty, "\(summary)")
        for entry in [
            "merged_shards,3", "shard_hosts,vm;vm;vm", "shard_machines,1", "result_rows,9", "run_complete,true",
            "host_name,vm", "sentinel_best_ns_per_element,1.5", "metric,time", "git_commit,a",
        ] {
            #expect(merged.environment.contains(entry), "environment.csv: \(entry)")
        }
        #expect(!merged.environment.contains { $0.hasPrefix("shard,") || $0.hasPrefix("shard_workloads,") }, "no shard now")
    }

    @Test func shardsFromTwoMachinesAreOneWarningLineInMergeSummaryAndCompare() async throws {
        let commands = [["summary", "MERGED"], ["compare", "unsplit", "MERGED"]]
        guard let merged = try await merge(["shard-1", "other-machine-2", "shard-3"], then: commands) else { return }
        let (summary, compare) = (merged.then[0], merged.then[1])
        let warning = "warning: this run's time rows come from 2 different machines (its shards ran on vm, ci-2): "
            + "times measured on different machines are not comparable"
        #expect(merged.merge.errorLines == [Substring(warning)], "\(merged.merge)")
        #expect(merged.merge.standardOutput.hasPrefix("3 shards (2 machines), 9 cells -> "), "\(merged.merge)")
        #expect(summary.exitStatus == 0 && summary.errorLines == [Substring(warning)], "\(summary)")
        let newRun = warning.replacingOccurrences(of: "this run's", with: "the new run's")
        #expect(compare.exitStatus == 0 && lines(compare.standardOutput).filter { $0 == newRun }.count == 1, "\(compare)")
        for entry in ["shard_hosts,vm;ci-2;vm", "shard_machines,2", "host_name,vm;ci-2", "cpu_model,AMD EPYC;Intel Xeon"] {
            #expect(merged.environment.contains(entry), "environment.csv: \(entry)")
        }
    }

    /// A disk that fills while the merged run is written: status 3 (not bad input), one line, the half-made
    /// directory removed and the shards untouched. Needs a small tmpfs, so root: elsewhere there is nothing
    /// to test (as `CLIStoppingTests`'s full disk).
    @Test func aFullDiskLeavesNoHalfMergedRun() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try ShardFixtures.write(into: directory)
        let disk = directory.appending("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard CLIStoppingTests.shell("mount -t tmpfs -o size=64k tmpfs '\(disk)'") == 0 else { return }
        defer { _ = CLIStoppingTests.shell("umount '\(disk)'") }
        // Two 4 KiB pages free: enough for the empty run written first, not for its rows.
        try Data(count: 56 * 1024).write(to: URL(fileURLWithPath: "\(disk)/filler"))
        try FileManager.default.createDirectory(atPath: "\(disk)/merged", withIntermediateDirectories: true)
        let before = try DirectorySnapshot(directory.appending("shard-1"))
        let outcome = try await ToolProcess.run(
            tool, ["merge", "shard-1", "shard-2", "shard-3", "--output", "\(disk)/merged"], in: directory.path
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 3, "\(outcome)")
        let line = outcome.errorLines.map(String.init)
        #expect(line.count == 1 && line[0].hasPrefix("error: cannot write \(disk)/merged/"), "\(outcome)")
        #expect(line.first?.hasSuffix("No space left on device") == true, "\(outcome)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(disk)/merged").isEmpty, "no half-merged run")
        #expect(try DirectorySnapshot(directory.appending("shard-1")) == before)
    }
}
