import StyleKit
import Testing

/// One contract on one operator of one implementation: a test case of its own, for a package that wants
/// one per contract and operator in its test report:
///
/// ```swift
/// @Test(arguments: CombineConformance.cases(MyOperators.self))
/// func myOperatorsConform(_ conformanceCase: ConformanceCase) async {
///     await conformanceCase.check()
/// }
/// ```
public struct ConformanceCase: Sendable, CustomTestStringConvertible {
    /// The rule checked.
    public let contract: ConformanceContract
    /// The operator it is checked on.
    public let operation: OperatorID
    private let substrate: any OperatorSubstrate
    private let knownDeviation: Comment?

    /// The implementation whose operator this is.
    public var implementation: ImplementationID { substrate.implementation }

    /// `myOperators.map: transformsEveryValue`.
    public var testDescription: String { "\(implementation).\(operation.rawValue): \(contract.name)" }

    /// Runs the contract. Every departure from it is an issue of the current Swift Testing test, attributed
    /// to the caller, that names the contract, the operator and what differed (expected against actual);
    /// an operator the style lists as supported but does not build is one too.
    ///
    /// - Precondition: called from a Swift Testing test (the random-script contracts need one).
    public func check(sourceLocation: SourceLocation = #_sourceLocation) async {
        let run = ContractRun(
            contract: contract.name, substrate: substrate, operation: operation, knownDeviation: knownDeviation,
            sourceLocation: sourceLocation
        )
        do {
            try await contract.body(run)
        } catch let unsupported as UnsupportedOperator {
            run.failUnbuilt(unsupported)
        } catch is ContractRun.Stopped {
            // Recorded where it stopped.
        } catch {
            run.fail("threw \(error)")
        }
    }

    /// Every case of every contract that applies to the implementation `substrate` builds, contract by
    /// contract; `knownDeviations` says where the implementation may depart from docs/SEMANTICS.md.
    package static func all(
        of substrate: any OperatorSubstrate,
        knownDeviations: [OperatorID: Comment] = [:]
    ) -> [ConformanceCase] {
        ConformanceContract.all.flatMap { contract in
            contract.operations(of: substrate).map { operation in
                ConformanceCase(
                    contract: contract, operation: operation, substrate: substrate,
                    knownDeviation: knownDeviations[operation]
                )
            }
        }
    }
}
