import Harness
import StyleKit

/// How an implementation is driven: through OpenCombine's `Publisher`/`Subscriber` with demand, through
/// SimpleCombine's own `SimplePublisher`/`SimpleSubscriber` with demand, through the Rx core's
/// `ObservableType`/`ObserverType` without demand, through an `AsyncSequence` iterated by a task, or as a
/// plain loop. Each is a different set of types, so each has cells of its own in every workload.
public enum Family: String, Sendable {
    case combine
    case simpleCombine
    case rx
    case asyncSequence
    case loop
}

/// How a consumer holds its producer back, if it can: what the `demand` workload's rows can express.
public enum DemandModel: String, Sendable {
    /// Combine's `Subscribers.Demand` (OpenCombine's or SimpleCombine's): every policy of the sweep.
    case subscriberDemand
    /// No demand at all, but a consumer slower than its producer holds it back through a buffer of fixed
    /// size or a rendezvous: an `AsyncStream` that buffers at most k elements, an `AsyncChannel` whose
    /// sender suspends until the consumer takes the value.
    case bufferOrRendezvous
    /// Push only: the producer never waits for the consumer.
    case none
}

/// One row of every report: an implementation style, with what it can express.
public struct Implementation: Sendable {
    public let id: ImplementationID
    public let family: Family
    /// One line for `reactive-bench list` and the README.
    public let summary: String
    public let supportedOperators: Set<OperatorID>
    /// Why an operator the style leaves out cannot be expressed in it, where there is more to say than
    /// that it is missing.
    public let unsupportedReasons: [OperatorID: String]
    /// Whether concurrent upstream events, requests and cancels are safe (docs/SEMANTICS.md).
    public let isThreadSafe: Bool
    public let demand: DemandModel
    /// The row's colour in every chart, as `#rrggbb`; nil takes the next of ``ReportColours/spare`` in
    /// report order (``Registry/colours``).
    public let colour: String?
    /// When to choose this way of writing an operator, in a sentence without numbers (the README's verdict
    /// puts it beside what the reference run measured); nil says nothing.
    public let whenToUse: String?
    /// How the row makes its cells, for the Combine family: see ``CombineCells``.
    public let combineCells: CombineCells?

    /// The style itself, for the Combine family.
    public var combineStyle: (any CombineOperatorStyle.Type)? { combineCells?.style }
    /// Whether the cells were made from the style's own type (``init(combine:)``), which a compiler can
    /// specialise them for, rather than from an existential.
    private let madeFromTheStylesType: Bool

    /// A row from what it says of itself. A Combine style given here is an existential: its cells are
    /// made for the style opened from it, unspecialised whatever the build (``init(combine:)`` is the one
    /// whose cells can be specialised).
    public init(
        id: ImplementationID, family: Family, summary: String, supportedOperators: Set<OperatorID>,
        unsupportedReasons: [OperatorID: String] = [:], isThreadSafe: Bool, demand: DemandModel,
        combineStyle: (any CombineOperatorStyle.Type)?, colour: String? = nil, whenToUse: String? = nil
    ) {
        self.id = id
        self.family = family
        self.summary = summary
        self.supportedOperators = supportedOperators
        self.unsupportedReasons = unsupportedReasons
        self.isThreadSafe = isThreadSafe
        self.demand = demand
        self.colour = colour
        self.whenToUse = whenToUse
        self.combineCells = combineStyle.map { CombineCells($0) }
        madeFromTheStylesType = false
    }

    /// The row of a Combine-family style, from what the style declares: its name, summary, operators and
    /// thread safety; its demand is Combine's. Its cells are made for the style as a concrete type
    /// (``CombineCells``): the project's rows are made here too. `colour` and `whenToUse` are as in
    /// ``init(id:family:summary:supportedOperators:unsupportedReasons:isThreadSafe:demand:combineStyle:colour:whenToUse:)``.
    public init<Style: CombineOperatorStyle>(combine style: Style.Type, colour: String? = nil, whenToUse: String? = nil) {
        self.id = Style.implementation
        self.family = .combine
        self.summary = Style.summary
        self.supportedOperators = Style.supportedOperators
        self.unsupportedReasons = [:]
        self.isThreadSafe = Style.isThreadSafe
        self.demand = .subscriberDemand
        self.colour = colour
        self.whenToUse = whenToUse
        self.combineCells = CombineCells(style)
        madeFromTheStylesType = true
    }

    /// Whether the row's cells are specialised for its style (``CombineCells``): true for the project's
    /// rows, made in this module, where the compiler sees the workloads' code; for a row another package
    /// made, true when this package's modules were built with cross-module optimisation, which hands the
    /// workloads' code to that package's module to specialise there (measured with the example's
    /// `myOperators`: the Combine floor over the direct source costs 54.8 instructions per element, as in
    /// the project's rows; 92.8 without it; docs/YOUR-OPERATORS.md). A row made from an existential style
    /// is not. Not a Combine row: true.
    public var isSpecialised: Bool {
        guard family == .combine else { return true }
        return madeFromTheStylesType
            && (Registry.projectRows.contains { $0.id == id } || RunEnvironment.builtWithCrossModuleOptimization)
    }

    /// The cell of `workload` in this row, which must be of the Combine family.
    public func makeCombineCell<W: Workload>(for workload: W, input: SeededInput) -> any Cell {
        combineCells!.makeCell(for: workload, input: input)
    }

    /// The module that declares the row's Combine style (`StructBridge`, or another package's
    /// `MyOperators`); nil for the other families, whose rows are the project's.
    public var styleModule: String? {
        combineStyle.map { String(reflecting: $0).prefix { $0 != "." } }.map(String.init)
    }

    public func supports(_ operation: OperatorID) -> Bool {
        supportedOperators.contains(operation)
    }
}
