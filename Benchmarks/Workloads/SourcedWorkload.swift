/// A workload whose source is not itself under test: it is written once and runs over either
/// ``SourceKind``, as two rows that differ only in the source (`map` and `map [direct]`), with the same
/// scenario, parameter and reference checksum.
public protocol SourcedWorkload: Workload {
    /// The name of its row over the subject: the scenario, followed by the swept parameter in parentheses
    /// when there is one ("pipelineDepth (4)"). ``Workload/name`` adds the source.
    var baseName: String { get }
    var source: SourceKind { get }
}

extension SourcedWorkload {
    public var name: String { source.rowName(baseName) }
    public var scenario: String { baseName }
    public var sourceAxis: SourceKind? { source }
}
