import Implementations
import StyleKit

/// Builds the ``OperatorRig`` for an implementation, whatever its family.
enum Rigs {
    /// - Throws: ``UnsupportedOperator`` when the style cannot express `operation`.
    static func make(_ id: ImplementationID, _ operation: OperatorID, demand: DemandPolicy = .unlimited)
        throws(UnsupportedOperator) -> any OperatorRig
    {
        let implementation = Registry.implementation(id)
        switch implementation.family {
        case .combine:
            return try CombineRig(implementation.combineStyle!, operation, demand: demand)
        case .rx:
            return RxRig(operation, demand: demand)
        case .loop:
            preconditionFailure("\(id) is a plain loop: it has no operator to subscribe to")
        }
    }

    /// The Combine rig for `id`, which must be a Combine-family implementation.
    static func combine(_ id: ImplementationID, _ operation: OperatorID, demand: DemandPolicy = .unlimited)
        throws(UnsupportedOperator) -> CombineRig
    {
        try CombineRig(Registry.implementation(id).combineStyle!, operation, demand: demand)
    }
}
