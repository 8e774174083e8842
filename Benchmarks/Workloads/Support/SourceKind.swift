/// Where a workload's elements come from: the `source` axis of every workload whose source is not itself
/// under test (``SourcedWorkload``), and the CSV's `source` column.
public enum SourceKind: String, CaseIterable, Sendable, Codable {
    /// The family's subject, as apps use it: OpenCombine's `PassthroughSubject`, the Rx core's
    /// `PublishSubject`. Its rows keep the workload's plain name (`map`), the keys of earlier runs.
    case subject
    /// The project's minimal synchronous source, `DirectPublisher` or `DirectObservable`: delivery and
    /// demand and nothing else, so that a row costs its operators and its sink. Its rows' names end in
    /// ` [direct]` (`map [direct]`).
    case direct

    /// The name of a row over this source, given the name of the row over the subject.
    public func rowName(_ subjectRowName: String) -> String {
        switch self {
        case .subject: subjectRowName
        case .direct: subjectRowName + " [direct]"
        }
    }
}
