import Harness

/// The merged run's environment.csv: one build's keys as every shard has them, the machine's keys joined
/// where the shards differ, and which shards and machines the rows come from.
extension ShardMerge {
    /// The keys a run writes itself (`RunWriter`), and the shard's own: not copied.
    static let ownKeys: Set<String> = [
        "sentinel_best_ns_per_element", "run_complete", RunMetric.environmentKey, RunMetric.rowCountKey,
        ShardEnvironment.shard, ShardEnvironment.workloads, ShardEnvironment.implementations,
    ]

    /// The first shard's keys, in its order, each with the value every shard has; where they differ (the
    /// machine's keys: `host_name`, `cpu_model`, ...), the different values in shard order, joined by
    /// ``ShardEnvironment/separator``; `date_utc`, the earliest.
    static func mergedEnvironment(_ shards: [ShardRun]) -> [[String]] {
        shards[0].environmentRows.compactMap { row in
            let key = row[0]
            guard !ownKeys.contains(key) else { return nil }
            let values = shards.map { $0.environment[key] ?? "" }
            if key == "date_utc" { return [key, values.filter { !$0.isEmpty }.min() ?? ""] }
            return [key, distinct(values).joined(separator: ShardEnvironment.separator)]
        }
    }

    static func shardRows(_ shards: [ShardRun]) -> [[String]] {
        [
            [ShardEnvironment.mergedShards, String(shards.count)],
            [ShardEnvironment.hosts, shards.map { $0.environment["host_name"] ?? "" }.joined(separator: ShardEnvironment.separator)],
            [ShardEnvironment.machines, String(machineCount(shards))],
        ]
    }

    static func machineCount(_ shards: [ShardRun]) -> Int {
        Set(shards.map(\.machine)).count
    }

    static func lowestSentinel(_ shards: [ShardRun]) -> Double? {
        shards.compactMap { $0.environment["sentinel_best_ns_per_element"].flatMap { Double($0) } }.min()
    }

    private static func distinct(_ values: [String]) -> [String] {
        values.reduce(into: []) { kept, value in
            if !kept.contains(value) { kept.append(value) }
        }
    }
}

extension ShardRun {
    /// What tells the machine it ran on from another (``ShardEnvironment/machineKeys``).
    var machine: [String] {
        ShardEnvironment.machineKeys.map { environment[$0] ?? "" }
    }
}
