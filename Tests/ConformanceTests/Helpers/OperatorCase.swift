import Implementations
import StyleKit
import Testing

/// One operator of one implementation: the argument of every parameterised contract, so each
/// implementation × operator pair shows up as its own test case ("structBridge.withLatestFrom").
struct OperatorCase: Hashable, Sendable, CustomTestStringConvertible {
    let implementation: ImplementationUnderTest
    let operation: OperatorID

    var testDescription: String { "\(implementation).\(operation.rawValue)" }

    var family: Family { implementation.family }

    /// Where the real library itself departs from docs/SEMANTICS.md. Only the `builtin` style may have
    /// one (it *is* the library, so it is measured as it is); the contracts that catch it record it as
    /// a known issue, so the deviation stays visible in every test run and a fix in the library shows.
    var knownLibraryDeviation: Comment? {
        switch (implementation, operation) {
        case (.registered(.builtin), .histogram):
            Comment(
                rawValue: "OpenCombine 0.14.0's reduce requests .unlimited as soon as it is subscribed, and sends "
                    + ".finished after a cancel made inside receive(_:) (ReduceProducer.sendResultAndFinish)"
            )
        default:
            nil
        }
    }

    /// Every supported pair among `operations`, for the implementations of `families` (the plain-loop
    /// baseline has no operator to subscribe to, so it is never among them).
    static func supported(
        _ operations: [OperatorID] = OperatorID.allCases,
        families: Set<Family> = [.combine, .rx]
    ) -> [OperatorCase] {
        ImplementationUnderTest.all.filter { families.contains($0.family) }.flatMap { implementation in
            operations.filter(implementation.supports).map {
                OperatorCase(implementation: implementation, operation: $0)
            }
        }
    }

    /// Every pair among `operations` that the implementation of a Combine style does not support.
    static func unsupported(_ operations: [OperatorID] = OperatorID.allCases) -> [OperatorCase] {
        ImplementationUnderTest.all.filter { $0.family == .combine }.flatMap { implementation in
            operations.filter { !implementation.supports($0) }.map {
                OperatorCase(implementation: implementation, operation: $0)
            }
        }
    }

    /// Every supported pair among `operations`, with each input the operator subscribes to.
    static func supportedWithInputs(_ operations: [OperatorID] = OperatorID.allCases) -> [(OperatorCase, Input)] {
        supported(operations).flatMap { operatorCase in
            multiSource.contains(operatorCase.operation)
                ? [(operatorCase, Input.primary), (operatorCase, .secondary)] : [(operatorCase, .primary)]
        }
    }

    static let singleSource: [OperatorID] = [.map, .filter, .scan, .modulus, .histogram]
    static let multiSource: [OperatorID] = [.withLatestFrom, .sample, .sampleWithFrom]

    func makeRig(demand: DemandPolicy = .unlimited) throws -> any OperatorRig {
        try Rigs.make(implementation, operation, demand: demand)
    }

    /// The history the reference model expects for `script`.
    func expected(_ script: Script) -> [OutputEvent] {
        ReferenceModel.expectedEvents(operation, script, family: family)
    }
}
