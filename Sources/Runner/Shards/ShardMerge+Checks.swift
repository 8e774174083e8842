import Harness

/// What must hold before shards are merged: one schema, one metric, one build, one split of one
/// selection, every shard once and complete.
extension ShardMerge {
    /// environment.csv's keys that tell one build from another.
    static let buildKeys = [
        "git_commit", "git_tree_dirty", "swift_version", "build_configuration", "cross_module_optimization",
        "code_alignment", "rxswift_build",
    ]

    static func checkSchemas(_ shards: [ShardRun]) throws(HarnessError) {
        let versions = shards.compactMap { shard in shard.schemaVersion.map { (path: shard.path, version: $0) } }
        if let first = versions.first, let other = versions.first(where: { $0.version != first.version }) {
            throw HarnessError(
                "shards of different schema versions: \(first.path) has schema_version \(first.version), "
                    + "\(other.path) \(other.version): merge takes the shards of one build"
            )
        }
        let first = shards[0]
        if let other = shards.first(where: { $0.results.header != first.results.header }) {
            throw HarnessError(
                "\(first.path) and \(other.path) have different results.csv columns: merge takes the shards of one build"
            )
        }
    }

    /// Reads every shard's rows as `compare` does (a file cut short, a field that is no number, ...) and
    /// returns the metric they share.
    static func checkMetrics(_ shards: [ShardRun]) throws(HarnessError) -> RunMetric {
        var metrics: [RunMetric] = []
        for shard in shards { metrics.append(try metric(of: shard)) }
        if let other = metrics.indices.first(where: { metrics[$0] != metrics[0] }) {
            throw HarnessError(
                "\(shards[0].path) holds \(metrics[0].description) and \(shards[other].path) "
                    + "\(metrics[other].description): merge takes the shards of one run (run --metric)"
            )
        }
        return metrics[0]
    }

    static func checkBuilds(_ shards: [ShardRun]) throws(HarnessError) {
        let first = shards[0]
        for key in buildKeys {
            guard let other = shards.first(where: { $0.environment[key] != first.environment[key] }) else { continue }
            let values = [first, other].map { $0.environment[key].map { "'\($0)'" } ?? "none" }
            throw HarnessError(
                "\(first.path) and \(other.path) come from different builds (\(key) \(values[0]) and \(values[1])): "
                    + "merge takes the shards of one build"
            )
        }
    }

    /// Checks that the shards are every part, once, of one split of one selection, each complete, and
    /// returns them in shard order.
    static func checkSplit(_ shards: [ShardRun]) throws(HarnessError) -> [ShardRun] {
        let first = shards[0]
        if let other = shards.first(where: { $0.shard.count != first.shard.count }) {
            throw HarnessError(
                "\(first.path) is shard \(first.shard) and \(other.path) shard \(other.shard): merge takes the shards "
                    + "of one split (one N)"
            )
        }
        for key in [ShardEnvironment.workloads, ShardEnvironment.implementations] {
            guard let other = shards.first(where: { $0.environment[key] != first.environment[key] }) else { continue }
            throw HarnessError(
                "\(first.path) and \(other.path) are shards of different selections (their \(key) differ): merge "
                    + "takes the shards of one run command"
            )
        }
        for (index, shard) in shards.enumerated() {
            guard let earlier = shards[..<index].first(where: { $0.shard == shard.shard }) else { continue }
            throw HarnessError("\(earlier.path) and \(shard.path) are both shard \(shard.shard): give each shard once")
        }
        try checkNoneMissing(shards)
        if let stopped = shards.first(where: { $0.environment["run_complete"] != "true" }) {
            throw HarnessError(
                "\(stopped.path) is incomplete (run_complete is not true: interrupted, or still running): run shard "
                    + "\(stopped.shard) again"
            )
        }
        return shards.sorted { $0.shard.index < $1.shard.index }
    }

    private static func checkNoneMissing(_ shards: [ShardRun]) throws(HarnessError) {
        let count = shards[0].shard.count
        let present = Set(shards.map(\.shard.index))
        let missing = (1...count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
        guard !missing.isEmpty else { return }
        let given = shards.map(\.shard).sorted { $0.index < $1.index }.map(\.description).joined(separator: ", ")
        let which = missing.count == 1
            ? "shard \(missing[0]) is missing" : "shards \(missing.joined(separator: ", ")) are missing"
        throw HarnessError("\(which): merge takes all \(count) shards of the run (given: \(given))")
    }

    /// What `shard` measured; its rows checked as `compare` reads them.
    private static func metric(of shard: ShardRun) throws(HarnessError) -> RunMetric {
        if !shard.results.rows.isEmpty { return try RunResults.load(shard.path).metric }
        // A shard may hold no cell (more shards than cells): its environment.csv says what it would have measured.
        let recorded = shard.environment[RunMetric.rowCountKey].flatMap { Int($0) } ?? 0
        if recorded > 0 {
            throw HarnessError(
                "\(shard.path)/results.csv: 0 rows, but environment.csv says \(recorded) were written: the file was cut short"
            )
        }
        return shard.environment[RunMetric.environmentKey].flatMap(RunMetric.init(rawValue:)) ?? .time
    }
}
