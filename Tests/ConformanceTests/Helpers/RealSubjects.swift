import Implementations
import CombineFramework
import RxCore
import RxSinks
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// Runs a multi-source operator over the subjects the seeds use — `PassthroughSubject<String, Never>`
/// with `sink` (seed 002's `SimplePassthroughSubject` and `sink` for SimpleCombine), or Rx
/// `PublishSubject<String>` with `subscribe(onNext:)` — combining with `+`, and returns the values the
/// downstream printed (seed 003's examples).
enum RealSubjects {
    static func run(_ operatorCase: OperatorCase, _ events: [(Input, String)]) throws -> [String] {
        switch operatorCase.implementation.substrate {
        case .openCombine(let style): try runCombine(style, operatorCase.operation, events)
        case .simpleCombine: runSimpleCombine(operatorCase.operation, events)
        case .rxCore: runRx(operatorCase.operation, events)
        case .loop: preconditionFailure("a plain loop has no operator to subscribe to")
        }
    }

    private static func runCombine(
        _ style: any CombineOperatorStyle.Type,
        _ operation: OperatorID,
        _ events: [(Input, String)]
    ) throws -> [String] {
        let first = PassthroughSubject<String, Never>()
        let second = PassthroughSubject<String, Never>()
        let erase = EraseToAnyPublisher<String, Never>()
        let publisher =
            switch operation {
            case .withLatestFrom: try style.withLatestFrom(first, second, +, into: erase)
            case .sample: try style.sample(first, second, into: erase)
            case .sampleWithFrom: try style.sampleWithFrom(first, second, +, into: erase)
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

    private static func runSimpleCombine(_ operation: OperatorID, _ events: [(Input, String)]) -> [String] {
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

    private static func runRx(_ operation: OperatorID, _ events: [(Input, String)]) -> [String] {
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
