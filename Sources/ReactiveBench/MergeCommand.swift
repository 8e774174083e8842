import ArgumentParser
import Foundation
import Harness
import Runner

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the shards of a run (run --shard K/N) into one new run directory.",
        discussion: """
            Every shard of one run, each once, in any order: the same build, metric and selection. The new run \
            directory holds every shard's rows as measured (times, counts, checksums, statuses), in the order \
            one run writes them, with baseline_ratio, demand_overhead_percent and fits.csv computed again over \
            all of them; summary, compare and scripts/plot read it as any run. Its environment.csv says how many \
            shards and machines the rows come from (docs/CSV.md).
            Exit status: 0 when merged, 2 on bad input, 3 when the merged run could not be written.
            """
    )

    @Argument(help: "The shards' run directories.")
    var runs: [String] = []

    @Option(name: .long, help: "Directory under which the merged run directory is created.")
    var output = "results/runs"

    @Option(name: .long, help: "Label appended to the run directory's name.")
    var label = "merged"

    func validate() throws {
        try LabelOption.validate(label)
    }

    func run() throws {
        let merge = try ShardMerge(runs)
        // Every check is done: the run directory is only made for a merge that will be written.
        let directory = try RunDirectory.create(under: output, label: label)
        let writer = RunWriter(
            directory: directory, environmentRows: merge.environmentRows, metric: merge.metric, extra: merge.shardRows
        )
        do {
            // As a run writes: a valid, incomplete run directory first, then the rows, then the fits.
            try writer.write(CSVTable(header: merge.results.header), sentinelBest: nil, complete: false)
            try writer.write(merge.results, sentinelBest: merge.sentinelBest, complete: true)
            try writer.writeFits(rows: merge.results.rows.count)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        let machines = merge.machineCount == 1 ? "one machine" : "\(merge.machineCount) machines"
        print("\(merge.shards.count) shards (\(machines)), \(merge.results.rows.count) cells -> \(directory)/results.csv")
        if let warning = merge.mixedMachines {
            FileHandle.standardError.write(Data("\(warning)\n".utf8))
        }
    }
}
