/// The theme a contract belongs to: the project's ConformanceTests run each theme as a suite of its own (one
/// parameterised test), and ThreadSanitizer runs the `concurrency` one again.
package enum ContractSuite: Hashable, Sendable, CaseIterable {
    /// What one operator emits: the values of docs/SEMANTICS.md's table and the articles' examples
    /// (docs/ORIGINS.md).
    case operatorValues
    case demand
    case cancellation
    case termination
    case memory
    case coldSources
    /// Random scripts against the reference model, over tracking inputs.
    case randomScripts
    /// Random scripts against the reference model, over the direct sources of the `[direct]` rows.
    case directSources
    case concurrency
    case unsupportedOperators
}
