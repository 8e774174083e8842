import Implementations
import StyleKit
import Testing

/// A style that cannot express an operator throws ``UnsupportedOperator`` naming itself and the
/// operator, and the registry lists the operator as unsupported.
@Suite struct UnsupportedOperatorTests {
    @Test(arguments: OperatorCase.unsupported())
    func unsupportedOperatorsThrow(_ operatorCase: OperatorCase) {
        #expect(!operatorCase.implementation.supports(operatorCase.operation))
        #expect(throws: UnsupportedOperator.self) {
            try Rigs.combine(operatorCase.implementation, operatorCase.operation)
        }
        do {
            _ = try Rigs.combine(operatorCase.implementation, operatorCase.operation)
        } catch {
            #expect(ImplementationUnderTest.registered(error.implementation) == operatorCase.implementation)
            #expect(error.operation == operatorCase.operation)
        }
    }

    @Test func builtinLacksTheMultiSourceOperators() {
        #expect(OperatorCase.unsupported().filter { $0.implementation == .registered(.builtin) }.map(\.operation)
            == [.withLatestFrom, .sample, .sampleWithFrom])
    }
}
