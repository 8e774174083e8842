import Implementations
import StyleKit

/// An implementation the conformance suite holds to docs/SEMANTICS.md: each one in the registry whose
/// operators a subscriber or an observer drives. `asyncSequence` is not one: its operators are the
/// standard library's and async-algorithms', iterated by a task, and its own suite
/// (AsyncSequenceStyleTests) checks what it builds on them.
enum ImplementationUnderTest: Hashable, Sendable, CustomStringConvertible {
    case registered(ImplementationID)

    /// Every implementation with Combine's or Rx's semantics, in report order.
    static var all: [ImplementationUnderTest] {
        Registry.all.filter { $0.family != .asyncSequence }.map { .registered($0.id) }
    }

    var id: ImplementationID {
        switch self {
        case .registered(let id): id
        }
    }

    var description: String { id.rawValue }

    private var implementation: Implementation { Registry.implementation(id) }

    /// The semantics it follows: `.combine` for every implementation with demand, whatever its substrate
    /// (OpenCombine or SimpleCombine).
    var family: Family {
        implementation.family == .simpleCombine ? .combine : implementation.family
    }

    /// What the operators are built on, and so which rig drives them.
    var substrate: Substrate {
        switch implementation.family {
        case .combine: .openCombine(implementation.combineStyle!)
        case .simpleCombine: .simpleCombine
        case .rx: .rxCore
        case .loop: .loop
        case .asyncSequence: preconditionFailure("asyncSequence is not driven by the conformance rigs")
        }
    }

    var supportedOperators: Set<OperatorID> { implementation.supportedOperators }

    func supports(_ operation: OperatorID) -> Bool {
        supportedOperators.contains(operation)
    }

    /// Whether concurrent upstream events, requests and cancels are safe.
    var isThreadSafe: Bool { implementation.isThreadSafe }
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
