import DirectSources
import Workloads
import ReactiveBenchConformance
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// The `simpleCombine` row, struct bridges over SimpleCombine, the from-scratch core
/// (`Sources/SimpleCombine`), as the library's contracts drive it: the Combine family's rules through the
/// core's own protocols.
struct SimpleCombineSubstrate: RegistryRowSubstrate {
    let row: Implementation
    var family: ContractFamily { .combine }

    func makeRig(_ operation: OperatorID, demand: DemandPolicy) -> any OperatorRig {
        let primary = TrackingSubject<Int, TestError, SimpleCombineCore>()
        let secondary = TrackingSubject<Int, TestError, SimpleCombineCore>()
        let subscriber = SimpleCombineAttach.attach(operation, primary, secondary, demand: demand)
        return CombineRig(primary: primary, secondary: secondary, downstream: subscriber)
    }

    func makeDirectRig(_ operation: OperatorID, demand: DemandPolicy) -> DirectInputsRig {
        let primary = SimpleDirectPublisher<Int, TestError>(), secondary = SimpleDirectPublisher<Int, TestError>()
        let downstream = SimpleCombineAttach.attach(operation, primary, secondary, demand: demand)
        return DirectInputsRig(primary: primary, secondary: secondary, downstream: downstream)
    }

    /// Over `SimplePublishers.Sequence`.
    func runOverColdInputs(_ operation: OperatorID, primary: [Int], secondary: [Int], demand: DemandPolicy)
        -> (events: [OutputEvent], violations: [String])
    {
        let recorder = SimpleCombineAttach.attach(
            operation,
            SimplePublishers.Sequence<[Int], TestError>(sequence: primary),
            SimplePublishers.Sequence<[Int], TestError>(sequence: secondary),
            demand: demand
        )
        return (recorder.outputEvents, recorder.violations)
    }

    /// Over SimpleCombine's `SimplePassthroughSubject<String, Never>`, with `sink`.
    func runOverSubjects(_ operation: OperatorID, _ events: [(Input, String)]) -> [String] {
        let first = SimplePassthroughSubject<String, Never>()
        let second = SimplePassthroughSubject<String, Never>()
        var values: [String] = []
        let cancellable =
            switch operation {
            case .withLatestFrom: first.withLatestFrom(second, +).sink { values.append($0) }
            case .sample: first.sample(second).sink { values.append($0) }
            case .sampleWithFrom: first.sampleWithFrom(second, +).sink { values.append($0) }
            default: preconditionFailure("\(operation) has one input")
            }
        for (input, value) in events {
            (input == .primary ? first : second).send(value)
        }
        cancellable.cancel()
        return values
    }
}
