import Implementations
import SimpleCombineOperators
import StyleKit

/// An implementation the conformance suite holds to docs/SEMANTICS.md: each one in the registry, and
/// the cores checked here before their rows are registered (they join the registry when the workloads
/// are wired to them, and then come from there).
enum ImplementationUnderTest: Hashable, Sendable, CustomStringConvertible {
    case registered(ImplementationID)
    /// The from-scratch Combine core after seed 002 (Sources/SimpleCombine) with its struct-bridge
    /// operators (Sources/SimpleCombineOperators).
    case simpleCombine

    /// Every implementation, in report order, then the ones not registered yet.
    static var all: [ImplementationUnderTest] {
        Registry.all.map { .registered($0.id) } + [.simpleCombine]
    }

    var description: String {
        switch self {
        case .registered(let id): id.rawValue
        case .simpleCombine: "simpleCombine"
        }
    }

    /// The semantics it follows: `.combine` for every implementation with demand, whatever its substrate.
    var family: Family {
        switch self {
        case .registered(let id): Registry.implementation(id).family
        case .simpleCombine: .combine
        }
    }

    /// What the operators are built on, and so which rig drives them.
    var substrate: Substrate {
        switch self {
        case .registered(let id):
            let implementation = Registry.implementation(id)
            switch implementation.family {
            case .combine: return .openCombine(implementation.combineStyle!)
            case .rx: return .rxCore
            case .loop: return .loop
            }
        case .simpleCombine:
            return .simpleCombine
        }
    }

    var supportedOperators: Set<OperatorID> {
        switch self {
        case .registered(let id): Registry.implementation(id).supportedOperators
        case .simpleCombine: SimpleCombineOperators.supportedOperators
        }
    }

    func supports(_ operation: OperatorID) -> Bool {
        supportedOperators.contains(operation)
    }

    /// Whether concurrent upstream events, requests and cancels are safe.
    var isThreadSafe: Bool {
        switch self {
        case .registered(let id): Registry.implementation(id).isThreadSafe
        case .simpleCombine: SimpleCombineOperators.isThreadSafe
        }
    }
}

/// What an implementation's operators are built on.
enum Substrate {
    /// A Combine style on OpenCombine.
    case openCombine(any CombineOperatorStyle.Type)
    /// The SimpleCombine core and its operators.
    case simpleCombine
    /// The project's Rx core.
    case rxCore
    /// A plain loop: no operator to subscribe to.
    case loop
}
