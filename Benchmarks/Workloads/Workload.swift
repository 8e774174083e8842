import StyleKit

/// What one unit of a workload is: an element pushed through a pipeline, or a whole subscription.
public enum MeasuredUnit: String, Sendable {
    case element
    case subscription
}

/// A workload, written once: the scenario, its reference checksum and the cells that run it for each
/// implementation. Titles are stable keys "name" or "name (variant)" used on the command line and in CSV.
public protocol Workload: Sendable {
    /// The stable key: the scenario's name, followed by the swept parameter in parentheses when there
    /// is one ("pipelineDepth (4)"). Used on the command line and in the CSV's `workload` column.
    var name: String { get }
    /// The scenario without its parameter ("pipelineDepth"): rows of one scenario form a series.
    var scenario: String { get }
    /// The swept parameter's value ("4", "max1Requested"), or nil for a scenario without one.
    var parameter: String? { get }
    /// What the swept parameter is, as a chart's axis names it ("subscribers"); nil for a scenario
    /// without one. `reactive-bench schema` gives it for every scenario.
    var parameterTitle: String? { get }
    /// Where the elements come from (``SourceKind``), for a workload that runs over either source
    /// (every ``SourcedWorkload``); nil for one whose source is itself under test (`fanOut`, `asyncHop`,
    /// `contention`). The CSV's `source` column.
    var sourceAxis: SourceKind? { get }
    var summary: String { get }
    var unit: MeasuredUnit { get }
    /// The operators an implementation needs to express this workload.
    var operators: [OperatorID] { get }
    /// What the downstream receives for units `0..<count`, computed by a plain loop independent of every
    /// implementation.
    func reference(input: SeededInput, count: Int) -> Checksum
    /// Why `implementation` cannot run this workload, or nil if it can. The default: it lacks one of
    /// `operators`.
    func unsupportedReason(for implementation: Implementation) -> String?
    /// Whether the per-event latency repetition means something here: each unit's output reaches the
    /// downstream while the unit is sent. By default, for `element` workloads; not for one whose only
    /// output comes at completion (a histogram), whose latency columns then stay empty.
    var measuresLatency: Bool { get }
    /// What the parameter counts when cost grows with it (stages, subscribers), for the per-stage fits;
    /// nil when it is not such a count (a demand policy, a secondary ratio) or there is none.
    var sweepAxis: SweepAxis? { get }
    /// The title of the row this one's demand overhead is measured against (the same scenario with
    /// `.unlimited` demand), or nil.
    var demandReference: String? { get }
    /// The smallest relative gap between two implementations' median times that a rerun of this
    /// workload keeps: the report calls a smaller one not significant. 0.25 unless the workload's times
    /// move more than that from run to run (a thread hop).
    var rankingMargin: Double { get }
    /// Why the instructions this workload executes vary between runs of one build, or nil when they
    /// repeat: then `run --metric instructions` leaves its counts empty instead of gating on noise.
    var unrepeatableInstructionsReason: String? { get }
    /// Whether every implementation's cell keeps a second thread busy while it is timed (a thread hop, a
    /// second sender): see ``keepsASecondThreadBusy(for:)``.
    var usesASecondThread: Bool { get }
    /// Only called for implementations for which `unsupportedReason` is nil. A Combine-family row's cell
    /// comes from ``Implementation/makeCombineCell(for:input:)``, which calls ``makeCombineCell(_:input:)``
    /// with the row's style as a concrete type.
    func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell
    /// The cell of the Combine-family row of `style`, whose support was checked: specialised for `style`
    /// where the caller has it as a concrete type (``CombineCells``). A workload that runs in no Combine
    /// row (a control of the baseline's) leaves it out.
    func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell
}

extension Workload {
    public var scenario: String { name }
    public var parameter: String? { nil }
    public var parameterTitle: String? { nil }
    public var sourceAxis: SourceKind? { nil }
    public var demandReference: String? { nil }
    public var sweepAxis: SweepAxis? { nil }
    public var measuresLatency: Bool { unit == .element }
    public var unrepeatableInstructionsReason: String? { nil }
    public var usesASecondThread: Bool { false }
    public var rankingMargin: Double { 0.25 }

    public func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        preconditionFailure("\(name) runs in no Combine row: unsupportedReason(for:) is not nil for any")
    }

    public func unsupportedReason(for implementation: Implementation) -> String? {
        defaultUnsupportedReason(for: implementation)
    }

    /// Why the instructions of `implementation`'s cell vary between runs of one build, or nil when they
    /// repeat: the workload's own reason (``unrepeatableInstructionsReason``), or, for every
    /// `asyncSequence` cell, the task hop's.
    public func unrepeatableInstructionsReason(for implementation: Implementation) -> String? {
        if let reason = unrepeatableInstructionsReason { return reason }
        guard implementation.family == .asyncSequence else { return nil }
        return "no instruction counts: the consumer task runs on another thread, which waits and wakes "
            + "differently in every run, and callgrind counts it"
    }

    /// Whether `implementation`'s cell keeps a second thread busy while it is timed: the workload's own
    /// (``usesASecondThread``), or every `asyncSequence` cell's consumer task. The noise gate cannot judge
    /// such a cell: its sentinel, probed on the measuring thread around each repetition, reads the other
    /// thread's load, not the machine's (1.44 to 1.49 times its quiet best after every repetition of every
    /// such cell of one default run on this 2-core VM, where a quiet cell reads 1.03 to 1.10). Its
    /// repetitions are all kept, as they were after the gate's three passes of extra repetitions, which
    /// never found one quiet (33 extra per cell: about 55 of that run's 218 s).
    public func keepsASecondThreadBusy(for implementation: Implementation) -> Bool {
        keepsASecondThreadBusy(family: implementation.family)
    }

    /// ``keepsASecondThreadBusy(for:)`` for a row of `family`, where only a run's CSV row is at hand (the
    /// cost model leaves these cells out: the wait for the other thread is no count it prices).
    public func keepsASecondThreadBusy(family: Family?) -> Bool {
        usesASecondThread || family == .asyncSequence
    }

    /// Why `implementation` cannot run this workload because it lacks one of `operators` (with the style's
    /// own reason, where it gives one), or nil. `asyncSequence` runs a sourced workload's row over the
    /// subject only: see ``Workload/asyncDirectSourceReason``.
    public func defaultUnsupportedReason(for implementation: Implementation) -> String? {
        if implementation.id == .rxSwift, let reason = rxSwiftUnsupportedReason { return reason }
        let missing = operators.filter { !implementation.supports($0) }
        if let first = missing.first, let reason = implementation.unsupportedReasons[first] {
            return "\(implementation.id.rawValue) cannot express \(first.rawValue): \(reason)"
        }
        if !missing.isEmpty {
            return "\(implementation.id.rawValue) does not implement " + missing.map(\.rawValue).joined(separator: ", ")
        }
        if implementation.family == .asyncSequence && sourceAxis == .direct {
            return Self.asyncDirectSourceReason
        }
        return nil
    }

    /// Why the `[direct]` rows have no `asyncSequence` cell: an async sequence fed from synchronous code
    /// needs a buffer between the sender and the consumer task, and `AsyncStream` is the standard
    /// library's one, already the row over the subject; there is no lighter source to swap in.
    public static var asyncDirectSourceReason: String {
        "asyncSequence has one source fed from synchronous code, AsyncStream, measured in the row over the subject"
    }
}

extension Workload {
    /// Why the `rxSwift` row cannot run this workload, or nil. Only the workloads written over
    /// ``RxLibrary`` (every ``SourcedWorkload``) run over either library, and those over RxSwift's subject.
    var rxSwiftUnsupportedReason: String? {
        guard self is any SourcedWorkload else {
            return "its Rx cell is written against the project's Rx core (its source is under test): rxSwift runs the workloads written over RxLibrary"
        }
        guard sourceAxis != .direct else {
            return "the direct source is written against the project's Rx core: rxSwift runs over RxSwift's PublishSubject"
        }
        return nil
    }
}

/// One implementation x one workload x one parameter set, as the runner drives it.
public protocol Cell: AnyObject {
    var sink: OutputSink { get }
    /// Builds the pipeline and subscribes. Measured as the cost of one subscription.
    func setUp() throws
    /// Pushes units `start..<start + count`. This is the timed region.
    func run(from start: Int, count: Int)
    /// Completes or cancels, then releases the pipeline (the sink and its checksum stay).
    func tearDown()
}
