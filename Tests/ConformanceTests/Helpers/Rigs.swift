import Implementations
import StyleKit

/// Builds the ``OperatorRig`` for an implementation, whatever its family.
enum Rigs {
    /// - Throws: ``UnsupportedOperator`` when the style cannot express `operation`.
    static func make(
        _ implementation: ImplementationUnderTest,
        _ operation: OperatorID,
        demand: DemandPolicy = .unlimited
    ) throws(UnsupportedOperator) -> any OperatorRig {
        switch implementation.substrate {
        case .openCombine(let style):
            return try CombineRig(style, operation, demand: demand)
        case .simpleCombine:
            return CombineRig(simpleCombine: operation, demand: demand)
        case .rxCore:
            return RxRig(operation, demand: demand)
        case .loop:
            preconditionFailure("\(implementation) is a plain loop: it has no operator to subscribe to")
        }
    }

    /// The Combine rig for `implementation`, which must be of the Combine family.
    static func combine(
        _ implementation: ImplementationUnderTest,
        _ operation: OperatorID,
        demand: DemandPolicy = .unlimited
    ) throws(UnsupportedOperator) -> CombineRig {
        switch implementation.substrate {
        case .openCombine(let style): return try CombineRig(style, operation, demand: demand)
        case .simpleCombine: return CombineRig(simpleCombine: operation, demand: demand)
        case .rxCore, .loop: preconditionFailure("\(implementation) is not of the Combine family")
        }
    }
}
