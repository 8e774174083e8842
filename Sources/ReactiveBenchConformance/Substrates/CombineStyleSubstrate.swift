import CombineFramework
import DirectSources
import StyleKit

/// A Combine-family style on OpenCombine, as the contracts drive it: what ``CombineConformance`` checks.
/// Every operator is built through the style's own ``CombineOperatorStyle`` requirements, as the workloads
/// build it.
package struct CombineStyleSubstrate<Style: CombineOperatorStyle>: OperatorSubstrate {
    package init() {}

    package var implementation: ImplementationID { Style.implementation }
    package var family: ContractFamily { .combine }
    package var supportedOperators: Set<OperatorID> { Style.supportedOperators }
    package var isThreadSafe: Bool { Style.isThreadSafe }

    package func makeRig(_ operation: OperatorID, demand: DemandPolicy) throws(UnsupportedOperator) -> any OperatorRig {
        try CombineRig(Style.self, operation, demand: demand)
    }

    package func makeDirectRig(_ operation: OperatorID, demand: DemandPolicy) throws(UnsupportedOperator)
        -> DirectInputsRig
    {
        let primary = DirectPublisher<Int, TestError>(), secondary = DirectPublisher<Int, TestError>()
        let downstream = try CombineAttach.attach(Style.self, operation, primary, secondary, demand: demand)
        return DirectInputsRig(primary: primary, secondary: secondary, downstream: downstream)
    }

    package func runOverColdInputs(_ operation: OperatorID, primary: [Int], secondary: [Int], demand: DemandPolicy)
        throws(UnsupportedOperator) -> (events: [OutputEvent], violations: [String])
    {
        let recorder = try CombineAttach.attach(
            Style.self,
            operation,
            Publishers.Sequence<[Int], TestError>(sequence: primary),
            Publishers.Sequence<[Int], TestError>(sequence: secondary),
            demand: demand
        )
        return (recorder.outputEvents, recorder.violations)
    }

    package func runOverSubjects(_ operation: OperatorID, _ events: [(Input, String)]) throws(UnsupportedOperator)
        -> [String]
    {
        let first = PassthroughSubject<String, Never>()
        let second = PassthroughSubject<String, Never>()
        let erase = EraseToAnyPublisher<String, Never>()
        let publisher =
            switch operation {
            case .withLatestFrom: try Style.withLatestFrom(first, second, +, into: erase)
            case .sample: try Style.sample(first, second, into: erase)
            case .sampleWithFrom: try Style.sampleWithFrom(first, second, +, into: erase)
            default: preconditionFailure("\(operation) has one input")
            }
        var values: [String] = []
        let cancellable = publisher.sink { values.append($0) }
        for (input, value) in events {
            (input == .primary ? first : second).send(value)
        }
        cancellable.cancel()
        return values
    }
}
