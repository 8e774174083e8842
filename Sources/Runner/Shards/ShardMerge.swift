import Harness
import Workloads

/// The shards of one run (`run --shard K/N`) made into the run they are the parts of: what
/// `reactive-bench merge` writes. Every row is copied as its shard wrote it (times, counts, checksums,
/// statuses), in the order one run writes them; only the columns a row takes from other rows
/// (``CellRatios``: `baseline_ratio`, `demand_overhead_percent`) are computed again over all of them,
/// since a row's baseline may have been measured by another shard.
public struct ShardMerge {
    /// The shards, in shard order.
    public let shards: [ShardRun]
    /// The merged results.csv.
    public let results: CSVTable
    /// The merged environment.csv, but for the rows every run writes itself (`sentinel_best_ns_per_element`,
    /// `run_complete`, `metric`, `result_rows`) and the shard's own; see ``shardRows``.
    public let environmentRows: [[String]]
    /// What the run was merged from: `merged_shards`, `shard_hosts`, `shard_machines`.
    public let shardRows: [[String]]
    public let metric: RunMetric
    /// The lowest of the shards' quiet-machine sentinels; nil when none has one (`--no-noise-gate`).
    public let sentinelBest: Double?

    /// Reads and checks the shards at `paths`, in any order, and merges them.
    ///
    /// - Throws: one line naming the problem: a path that is not a shard, shards of different schema
    ///   versions, metrics or builds, of different splits or selections, a shard given twice or missing,
    ///   an incomplete shard, or a cell held by two shards.
    public init(_ paths: [String]) throws(HarnessError) {
        var given: [ShardRun] = []
        for path in paths { given.append(try ShardRun.read(path)) }
        guard !given.isEmpty else {
            throw HarnessError("merge takes the run directories of every shard of a run (got none)")
        }
        try Self.checkSchemas(given)
        metric = try Self.checkMetrics(given)
        try Self.checkBuilds(given)
        let shards = try Self.checkSplit(given)
        self.shards = shards
        var rows = try Self.cellOrder(shards).map { shards[$0.shard].results.rows[$0.row] }
        let header = shards[0].results.header
        Self.fillRatios(&rows, header: header)
        results = CSVTable(header: header, rows: rows)
        environmentRows = Self.mergedEnvironment(shards)
        shardRows = Self.shardRows(shards)
        sentinelBest = Self.lowestSentinel(shards)
    }

    /// How many different machines the shards ran on.
    public var machineCount: Int { Self.machineCount(shards) }

    /// What `summary` and `compare` will say of the merged run when its time rows come from more than one
    /// machine.
    public var mixedMachines: EnvironmentNote? {
        let keys = shardRows + [[RunMetric.environmentKey, metric.rawValue]]
        return EnvironmentNote.mixedMachines(Dictionary(keys.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Where each cell of the selection is, in the run's order: the shard (its index in ``shards``) and
    /// the row. Every cell must be in exactly one shard, and no shard may hold another.
    private static func cellOrder(_ shards: [ShardRun]) throws(HarnessError) -> [(shard: Int, row: Int)] {
        let (workloads, implementations) = shards[0].selection
        let selection = workloads.flatMap { workload in
            implementations.map { CellKey(workload: workload, implementation: $0) }
        }
        let selected = Set(selection)
        var found: [CellKey: (shard: Int, row: Int)] = [:]
        for (index, shard) in shards.enumerated() {
            for (row, key) in shard.keys.enumerated() {
                guard selected.contains(key) else {
                    throw HarnessError(
                        "\(shard.path) holds \(key), which is not in the selection its environment.csv names "
                            + "(\(ShardEnvironment.workloads), \(ShardEnvironment.implementations))"
                    )
                }
                if let earlier = found[key] {
                    throw HarnessError(
                        "\(key) is in two shards, \(shards[earlier.shard].path) and \(shard.path): each cell belongs to one shard"
                    )
                }
                found[key] = (index, row)
            }
        }
        let missing = selection.filter { found[$0] == nil }
        if let first = missing.first {
            throw HarnessError(
                "no shard holds \(first)\(missing.count > 1 ? " (and \(missing.count - 1) more cells)" : ""), "
                    + "a cell of the selection: were the shards cut short?"
            )
        }
        return selection.map { found[$0]! }
    }

    /// Computes `baseline_ratio` and `demand_overhead_percent` again over the merged rows, as one run does.
    private static func fillRatios(_ rows: inout [[String]], header: [String]) {
        let column = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        guard let workload = column[ResultColumn.workload.name], let implementation = column[ResultColumn.implementation.name],
            let family = column[ResultColumn.family.name], let status = column[ResultColumn.status.name],
            let median = column[ResultColumn.nanosecondsPerUnitMedian.name]
        else { return }
        let ratioRows = rows.map { row in
            CellRatios.Row(
                workload: row[workload], implementation: row[implementation], family: row[family],
                isOK: row[status] == "ok", median: Double(row[median])
            )
        }
        let baseline = CellRatios.baselineRatios(ratioRows)
        let demand = CellRatios.demandOverheads(ratioRows, references: CellRatios.demandReferences(Scenarios.all))
        for index in rows.indices {
            if let ratio = column[ResultColumn.baselineRatio.name] {
                rows[index][ratio] = ResultTable.format(baseline[index], digits: ResultTable.baselineRatioDigits)
            }
            if let overhead = column[ResultColumn.demandOverheadPercent.name] {
                rows[index][overhead] = ResultTable.format(demand[index], digits: ResultTable.demandOverheadDigits)
            }
        }
    }
}
