import Foundation
import Workloads
import ReactiveBenchConformance
import StyleKit
import Testing

/// An implementation the conformance suite holds to docs/SEMANTICS.md: each one in the registry whose
/// operators a subscriber or an observer drives. `asyncSequence` is not one: its operators are the
/// standard library's and async-algorithms', iterated by a task, and its own suite
/// (AsyncSequenceStyleTests) checks what it builds on them.
enum ImplementationUnderTest: Hashable, Sendable, CustomStringConvertible {
    case registered(ImplementationID)

    /// The variable that narrows the conformance suite to some implementations: their names, separated by
    /// commas (`structBridge` or `structBridge,rxSink`); unset or empty, every one.
    static let selectionVariable = "REACTIVE_BENCH_CONFORMANCE_STYLES"

    /// Every implementation with Combine's or Rx's semantics, in report order; only those
    /// ``selectionVariable`` names, if it names any.
    static var all: [ImplementationUnderTest] {
        guard let selected = selectedNames else { return every }
        return every.filter { selected.contains($0.id.rawValue) }
    }

    /// Every implementation with Combine's or Rx's semantics, whatever ``selectionVariable`` says.
    static var every: [ImplementationUnderTest] {
        Registry.all.filter { $0.family != .asyncSequence }.map { ImplementationUnderTest.registered($0.id) }
    }

    /// The names ``selectionVariable`` lists, or nil when it lists none.
    static var selectedNames: Set<String>? {
        let names = (ProcessInfo.processInfo.environment[selectionVariable] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : Set(names)
    }

    /// The cases of the library's contracts of `suite` for every implementation under test, implementation
    /// by implementation: the arguments of the suite's parameterised test.
    static func cases(_ suite: ContractSuite) -> [ConformanceCase] {
        all.flatMap(\.conformanceCases).filter { $0.contract.suite == suite }
    }

    var id: ImplementationID {
        switch self {
        case .registered(let id): id
        }
    }

    var description: String { id.rawValue }

    private var implementation: Implementation { Registry.implementation(id) }

    /// Every case of the library's contracts for this implementation. A Combine style's come from
    /// `CombineConformance.cases`, the call a package makes for its own style; the SimpleCombine and Rx
    /// cores are driven through substrates of their own. The `rxSwift` row's cases run the Rx core's
    /// operators, which the rigs build (RxSwift's own run the workloads against their reference checksums in
    /// HarnessTests' RxSwiftRowTests).
    var conformanceCases: [ConformanceCase] {
        switch implementation.family {
        case .combine: CombineConformance.cases(implementation.combineStyle!, knownDeviations: knownDeviations)
        case .simpleCombine: ConformanceCase.all(of: SimpleCombineSubstrate(row: implementation))
        case .rx: ConformanceCase.all(of: RxCoreSubstrate(row: implementation))
        case .loop, .asyncSequence: []
        }
    }

    /// Where the real library itself departs from docs/SEMANTICS.md. Only the `builtin` style has one (it
    /// *is* the library, so it is measured as it is); the contracts that catch it record it as a known
    /// issue, so the deviation stays visible in every test run and a fix in the library shows.
    var knownDeviations: [OperatorID: Comment] {
        guard id == .builtin else { return [:] }
        return [
            .histogram: Comment(
                rawValue: "OpenCombine 0.14.0's reduce requests .unlimited as soon as it is subscribed, and sends "
                    + ".finished after a cancel made inside receive(_:) (ReduceProducer.sendResultAndFinish)"
            ),
        ]
    }
}
