/// The environment.csv keys of a shard (`run --shard K/N`) and of a run merged from shards
/// (`reactive-bench merge`), documented in docs/CSV.md.
public enum ShardEnvironment {
    /// `K/N`: the part of the selection the run measured.
    public static let shard = "shard"
    /// The selection the shard is part of, in the run's order, names joined by ``separator``.
    public static let workloads = "shard_workloads"
    public static let implementations = "shard_implementations"
    /// How many shards a merged run was made of.
    public static let mergedShards = "merged_shards"
    /// Each shard's `host_name`, in shard order, joined by ``separator``.
    public static let hosts = "shard_hosts"
    /// How many different machines (``machineKeys``) the merged shards ran on.
    public static let machines = "shard_machines"
    /// What tells one machine from another: its name, its core count and its processor.
    public static let machineKeys = ["host_name", "core_count"] + Hardware.environmentKeys
    /// Between the names of a list value: no workload or implementation name holds one.
    public static let separator = ";"
}
