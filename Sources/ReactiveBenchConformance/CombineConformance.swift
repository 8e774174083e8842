import StyleKit
import Testing

/// Holds a Combine-family style to docs/SEMANTICS.md from a package's own `swift test`: the project's
/// conformance contracts, the same ones every project style passes, on each operator the style supports
/// (values, completion and failure, the upstream `request`/`cancel` history, demand, cancellation,
/// termination, memory, cold and direct sources, random scripts against a reference model, and thread
/// safety when the style claims it), and on each it does not (it throws ``UnsupportedOperator`` naming
/// itself and the operator).
///
/// ```swift
/// import ReactiveBenchConformance
/// import Testing
///
/// @Test func myOperatorsConform() async {
///     await CombineConformance.check(MyOperators.self)
/// }
/// ```
///
/// A departure is an issue of that test naming the contract, the operator and what differed, for instance
/// `downstreamDemandGoesToTheUpstreamUnchanged on myOperators.map: the upstream's requests after the
/// downstream's request(3), request(2)`, then the expected and the actual history. ``ConformanceContract``
/// documents each contract.
public enum CombineConformance {
    /// Runs every contract that applies to `style`, one operator after another, in the calling test.
    ///
    /// - Parameters:
    ///   - knownDeviations: the operators on which the style departs from docs/SEMANTICS.md because the
    ///     library it is built on does, with why (the project's `builtin` style: `histogram`, through
    ///     OpenCombine 0.14.0's `reduce`). The checks that show such a departure record it as a known issue
    ///     instead of failing; those that always show it record one they must, so that a fix shows.
    ///   - sourceLocation: where issues are attributed; the caller's line by default.
    /// - Precondition: called from a Swift Testing test.
    public static func check<Style: CombineOperatorStyle>(
        _ style: Style.Type,
        knownDeviations: [OperatorID: Comment] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for conformanceCase in cases(style, knownDeviations: knownDeviations) {
            await conformanceCase.check(sourceLocation: sourceLocation)
        }
    }

    /// The same contracts as ``check(_:knownDeviations:sourceLocation:)``, one ``ConformanceCase`` per
    /// contract and operator: the arguments of a parameterised test.
    public static func cases<Style: CombineOperatorStyle>(
        _ style: Style.Type,
        knownDeviations: [OperatorID: Comment] = [:]
    ) -> [ConformanceCase] {
        ConformanceCase.all(of: CombineStyleSubstrate<Style>(), knownDeviations: knownDeviations)
    }
}
