import StyleKit

/// How a Combine-family row makes its cells: one maker per workload type of the scenario table, each
/// made where the workload and the style are both concrete types, so that the code that builds and
/// runs a pipeline is specialised for both, as an app's pipeline is for its own operators.
///
/// ``Implementation/init(combine:)`` makes it from the style's type, for the project's rows and for a row
/// from another package alike: there is no list of styles anywhere. The cells are specialised for the
/// style where the compiler sees both the style and the workloads' code: in this module for the project's
/// rows, and in the module of the package that makes a row when this package was built with cross-module
/// optimisation, which is why ``init(_:)`` and the makers are inlinable (``Implementation/isSpecialised``,
/// docs/YOUR-OPERATORS.md).
public struct CombineCells: Sendable {
    /// The style the cells are made for.
    public let style: any CombineOperatorStyle.Type
    @usableFromInline let makers: [ObjectIdentifier: @Sendable (any Workload, SeededInput) -> any Cell]

    /// The cells of `style`, one maker for every workload type ``Scenarios`` lists.
    @inlinable
    public init<Style: CombineOperatorStyle>(_ style: Style.Type) {
        var makers = Makers<Style>()
        Scenarios.visitEveryWorkloadType(&makers)
        self.style = style
        self.makers = makers.byType
    }

    /// The cell of `workload` for this style. A workload type the scenario table does not list (a test's
    /// own) is given the style opened from its existential: the same code, unspecialised for the style.
    public func makeCell<W: Workload>(for workload: W, input: SeededInput) -> any Cell {
        if let make = makers[ObjectIdentifier(W.self)] {
            return make(workload, input)
        }
        return workload.makeCombineCell(style, input: input)
    }

    /// Whether the cells of a workload of type `type` come from a maker made for this style.
    public func hasMaker(for type: any Workload.Type) -> Bool {
        makers[ObjectIdentifier(type)] != nil
    }
}

// MARK: -

/// Makes, for each workload type it visits, a maker that casts the workload back to its type and asks
/// it for the cell of `Style`. Inlinable, so that a package's module can specialise it for its style:
/// a private visitor was called through its witness table there, and its makers ran unspecialised.
@usableFromInline
struct Makers<Style: CombineOperatorStyle>: WorkloadTypeVisitor {
    @usableFromInline var byType: [ObjectIdentifier: @Sendable (any Workload, SeededInput) -> any Cell] = [:]

    @inlinable init() {}

    @inlinable
    mutating func visit<W: Workload>(_ rows: [W]) {
        byType[ObjectIdentifier(W.self)] = { workload, input in
            // Only ever called with a workload of the type it is filed under (`CombineCells.makeCell`).
            (workload as! W).makeCombineCell(Style.self, input: input)
        }
    }
}
