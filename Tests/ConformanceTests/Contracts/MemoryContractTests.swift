import Implementations
import StyleKit
import Testing

/// No retain cycles (every family): once the downstream cancelled, or the operator ended it, and the
/// test let go of its downstream, nothing of the pipeline is alive while its inputs still are — not the
/// downstream, not the operator's subscribers to its inputs, not the inputs' subscriptions.
@Suite struct MemoryContractTests {
    @Test(arguments: OperatorCase.supported())
    func everythingIsReleasedAfterCancel(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run(Scenarios.productive(operatorCase.operation, count: 2) + [.cancel])
        #expect(rig.releaseAndFindSurvivors() == [])
    }

    @Test(arguments: OperatorCase.supported())
    func everythingIsReleasedAfterCompletion(_ operatorCase: OperatorCase) throws {
        let operation = operatorCase.operation
        let rig = try operatorCase.makeRig()
        rig.run(Scenarios.productive(operation, count: 2) + Scenarios.completion(operation))
        #expect(rig.terminalEventCount == 1)
        #expect(rig.releaseAndFindSurvivors() == [])
    }

    @Test(arguments: OperatorCase.supportedWithInputs())
    func everythingIsReleasedAfterFailure(_ operatorCase: OperatorCase, _ input: Input) throws {
        let rig = try operatorCase.makeRig()
        rig.run(Scenarios.productive(operatorCase.operation, count: 2) + [.fail(input)])
        #expect(rig.terminalEventCount == 1)
        #expect(rig.releaseAndFindSurvivors() == [])
    }

    @Test(arguments: OperatorCase.supported())
    func everythingIsReleasedAfterCancelBeforeAnyValue(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig(demand: .manual)
        rig.run([.request(1), .cancel])
        #expect(rig.releaseAndFindSurvivors() == [])
    }
}
