import Workloads
import ReactiveBenchConformance
import StyleKit

/// A substrate of the project's own that is no Combine style (the SimpleCombine and Rx cores): the
/// registry's row gives its name, what it supports and whether it is thread-safe.
protocol RegistryRowSubstrate: OperatorSubstrate {
    var row: Implementation { get }
}

extension RegistryRowSubstrate {
    var implementation: ImplementationID { row.id }
    var supportedOperators: Set<OperatorID> { row.supportedOperators }
    var isThreadSafe: Bool { row.isThreadSafe }
}

/// The contracts' demand policy, not the workloads' (the registry's module, imported here for
/// `Implementation`, has one of its own).
typealias DemandPolicy = ReactiveBenchConformance.DemandPolicy
