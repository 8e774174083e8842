import StyleKit

/// A style that cannot express an operator says so: it throws ``UnsupportedOperator`` naming itself and
/// the operator, with why, and leaves the operator out of its supported operators.
extension ConformanceContract {
    static let unsupportedOperatorContracts = [unsupportedOperatorsThrow]

    /// Each operator the implementation does not list as supported throws ``UnsupportedOperator`` naming
    /// the implementation and the operator, with a reason, instead of being built.
    public static let unsupportedOperatorsThrow = ConformanceContract(
        "unsupportedOperatorsThrow", .unsupportedOperators, scope: .unsupported
    ) { run in
        do throws(UnsupportedOperator) {
            _ = try run.makeRig()
            run.fail("built \(run.operation), which the implementation does not list as supported")
        } catch {
            run.expect(error.implementation, equals: run.substrate.implementation, "the implementation UnsupportedOperator names")
            run.expect(error.operation, equals: run.operation, "the operator UnsupportedOperator names")
            run.expect(!error.reason.isEmpty, "UnsupportedOperator gives no reason")
        }
    }
}
