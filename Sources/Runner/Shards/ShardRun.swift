import Foundation
import Harness

/// One shard's run directory (`run --shard K/N`) as `reactive-bench merge` reads it: its results.csv as
/// written, its environment.csv in order, and which shard of which selection it is.
public struct ShardRun {
    /// The directory as given.
    public let path: String
    public let shard: Shard
    /// environment.csv's rows, `[key, value]`, in the file's order.
    public let environmentRows: [[String]]
    /// environment.csv by key.
    public let environment: [String: String]
    /// results.csv as written: the rows `merge` copies.
    public let results: CSVTable

    /// Reads the shard at `path`.
    ///
    /// - Throws: one line naming `path`: nothing there, not a run directory, no environment.csv, a run
    ///   that is not a shard, or a file that is not CSV.
    public static func read(_ path: String) throws(HarnessError) -> ShardRun {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HarnessError("\(path) does not exist")
        }
        let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard isDirectory.boolValue, FileManager.default.fileExists(atPath: "\(directory)/results.csv") else {
            throw HarnessError("\(path) is not a run directory (no results.csv in it): \(Self.what)")
        }
        guard FileManager.default.fileExists(atPath: "\(directory)/environment.csv") else {
            throw HarnessError("\(path) has no environment.csv, which says which shard a run is: \(Self.what)")
        }
        let environmentRows = try RunEnvironment.read(from: "\(directory)/environment.csv").rows
        let environment = Dictionary(environmentRows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
        guard let text = environment[ShardEnvironment.shard] else {
            throw HarnessError("\(path) is not a shard (its environment.csv has no \(ShardEnvironment.shard) entry): \(Self.what)")
        }
        let shard: Shard
        do throws(HarnessError) {
            shard = try Shard(parsing: text)
        } catch {
            throw HarnessError("\(path): its environment.csv says \(ShardEnvironment.shard) '\(text)': expected K/N, such as 2/3")
        }
        return ShardRun(
            path: path, shard: shard, environmentRows: environmentRows, environment: environment,
            results: try CSVTable.read(from: "\(directory)/results.csv")
        )
    }

    /// What `merge` takes, for the end of its error lines.
    static let what = "merge takes the run directories of run --shard K/N"

    /// The selection this shard is part of, as recorded: workloads and implementations in the run's order.
    public var selection: (workloads: [String], implementations: [String]) {
        (list(ShardEnvironment.workloads), list(ShardEnvironment.implementations))
    }

    /// The `schema_version` of the first row, or nil for a shard without rows.
    public var schemaVersion: String? {
        guard let column = results.column(ResultColumn.schemaVersion.name) else { return nil }
        return results.rows.first.map { $0[column] }
    }

    /// `[workload, implementation]` of every row, in order.
    var keys: [CellKey] {
        guard let workload = results.column(ResultColumn.workload.name),
            let implementation = results.column(ResultColumn.implementation.name)
        else { return [] }
        return results.rows.map { CellKey(workload: $0[workload], implementation: $0[implementation]) }
    }

    private func list(_ key: String) -> [String] {
        (environment[key] ?? "").split(separator: Character(ShardEnvironment.separator)).map(String.init)
    }

    /// The environment.csv rows that make a run of `workloads` x `implementations` (names, in the run's
    /// order) this shard of it.
    public static func environmentRows(
        _ shard: Shard, workloads: [String], implementations: [String]
    ) -> [[String]] {
        [
            [ShardEnvironment.shard, shard.description],
            [ShardEnvironment.workloads, workloads.joined(separator: ShardEnvironment.separator)],
            [ShardEnvironment.implementations, implementations.joined(separator: ShardEnvironment.separator)],
        ]
    }
}
