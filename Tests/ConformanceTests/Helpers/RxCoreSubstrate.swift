import DirectSources
import Workloads
import ReactiveBenchConformance
import RxCore
import RxSinks
import StyleKit

/// The project's Rx core (`Sources/RxCore`, its operators in `Sources/RxSinks`), as the library's contracts
/// drive it: push only, dispose for cancel.
struct RxCoreSubstrate: RegistryRowSubstrate {
    let row: Implementation
    var family: ContractFamily { .rx }

    func makeRig(_ operation: OperatorID, demand: DemandPolicy) -> any OperatorRig {
        RxRig(operation, demand: demand)
    }

    func makeDirectRig(_ operation: OperatorID, demand: DemandPolicy) -> DirectInputsRig {
        let primary = DirectObservable<Int>(), secondary = DirectObservable<Int>()
        let downstream = RxAttach.attach(operation, primary, secondary, disposeAfter: demand.cancelsAfter)
        return DirectInputsRig(primary: primary, secondary: secondary, downstream: downstream)
    }

    /// Over `Observable.from`, whose events are steps on the `CurrentThreadScheduler` trampoline.
    func runOverColdInputs(_ operation: OperatorID, primary: [Int], secondary: [Int], demand: DemandPolicy)
        -> (events: [OutputEvent], violations: [String])
    {
        let attached = RxAttach.attach(operation, .from(primary), .from(secondary))
        // A result that never ends (sample, when its source ends after the sampler) holds its subscription
        // until it is disposed, as in RxSwift.
        defer { attached.subscription.dispose() }
        return (attached.outputEvents, attached.violations)
    }

    /// Over `PublishSubject<String>`, with `subscribe(onNext:)`.
    func runOverSubjects(_ operation: OperatorID, _ events: [(Input, String)]) -> [String] {
        let first = PublishSubject<String>()
        let second = PublishSubject<String>()
        let observable =
            switch operation {
            case .withLatestFrom: first.withLatestFrom(second, resultSelector: +)
            case .sample: first.sample(second)
            case .sampleWithFrom: first.sampleWithFrom(second, resultSelector: +)
            default: preconditionFailure("\(operation) has one input")
            }
        var values: [String] = []
        let subscription = observable.subscribe(onNext: { values.append($0) })
        for (input, value) in events {
            (input == .primary ? first : second).onNext(value)
        }
        subscription.dispose()
        return values
    }
}
