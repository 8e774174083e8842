/// Where a run is, for a progress line: what starts now, and how much of the measuring is done (the
/// steps that take time: cells measured in their own process, or repetitions in one process).
public struct ProgressStep: Sendable, Equatable {
    /// What starts now, e.g. `cell 12/138 map / rxSink`.
    public var label: String
    /// Steps finished, and all the steps of the run (their mean time estimates what is left).
    public var done: Int
    public var total: Int

    public init(label: String, done: Int, total: Int) {
        self.label = label
        self.done = done
        self.total = total
    }
}

/// Counts the steps of a run as it reports them.
struct ProgressSteps {
    private(set) var done: Int
    let total: Int
    let report: (ProgressStep) -> Void

    init(total: Int, report: @escaping (ProgressStep) -> Void, done: Int = 0) {
        self.total = total
        self.report = report
        self.done = done
    }

    /// Reports that `label` starts now, after the steps done so far.
    mutating func next(_ label: String) {
        report(ProgressStep(label: label, done: done, total: total))
        done += 1
    }
}
