/// The scenario table: every workload, in report order. The runner, the CLI and the tests iterate over
/// this table; nothing else names workloads.
public enum Scenarios {
    public static let all: [any Workload] = [
        FloorWorkload(),
        MapWorkload(),
        MapFilterScanWorkload(),
        SubscribeChurnWorkload(),
    ]

    public static func named(_ name: String) -> (any Workload)? {
        all.first { $0.name == name }
    }
}
