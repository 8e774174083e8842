import DirectSources
import Implementations
import RxCore
import SimpleCombine
import StyleKit

/// An operator of any implementation over two direct sources (`DirectPublisher`, `SimpleDirectPublisher`,
/// `DirectObservable`) and a
/// recording downstream, driven step by step like the other rigs: what the workloads' `[direct]` rows run.
/// Unlike ``CombineRig`` and ``RxRig`` its inputs keep no log; it checks behaviour, not call histories.
final class DirectInputsRig {
    private enum Inputs {
        case combine(primary: DirectPublisher<Int, TestError>, secondary: DirectPublisher<Int, TestError>)
        case simpleCombine(primary: SimpleDirectPublisher<Int, TestError>, secondary: SimpleDirectPublisher<Int, TestError>)
        case rx(primary: DirectObservable<Int>, secondary: DirectObservable<Int>)
    }

    private enum Downstream {
        case combine(any OutputRecording)
        case rx(observer: any RxRecording, subscription: Disposable)
    }

    private let inputs: Inputs
    private let downstream: Downstream

    /// - Throws: ``UnsupportedOperator`` when the style cannot express the operator.
    init(_ operatorCase: OperatorCase, demand: DemandPolicy) throws(UnsupportedOperator) {
        switch operatorCase.implementation.substrate {
        case .openCombine(let style):
            let primary = DirectPublisher<Int, TestError>(), secondary = DirectPublisher<Int, TestError>()
            inputs = .combine(primary: primary, secondary: secondary)
            downstream = .combine(try CombineAttach.attach(style, operatorCase.operation, primary, secondary, demand: demand))
        case .simpleCombine:
            let primary = SimpleDirectPublisher<Int, TestError>(), secondary = SimpleDirectPublisher<Int, TestError>()
            inputs = .simpleCombine(primary: primary, secondary: secondary)
            downstream = .combine(SimpleCombineAttach.attach(operatorCase.operation, primary, secondary, demand: demand))
        case .rxCore:
            let primary = DirectObservable<Int>(), secondary = DirectObservable<Int>()
            inputs = .rx(primary: primary, secondary: secondary)
            let attached = RxAttach.attach(operatorCase.operation, primary, secondary, disposeAfter: demand.cancelsAfter)
            downstream = .rx(observer: attached.observer, subscription: attached.subscription)
        case .loop:
            preconditionFailure("a plain loop has no operator to subscribe to")
        }
    }

    /// Ends what a script left running, as a test's end should: the downstream cancels (and so lets go of
    /// its subscription, breaking the subscriber <-> subscription cycle every Combine pipeline has until
    /// then), and both inputs complete.
    deinit {
        apply(.cancel)
        apply(.finish(.primary))
        apply(.finish(.secondary))
    }

    func run(_ steps: [Step]) {
        for step in steps { apply(step) }
    }

    func apply(_ step: Step) {
        switch (inputs, downstream, step) {
        case (.combine(let primary, let secondary), _, .value(let input, let value)):
            (input == .primary ? primary : secondary).send(value)
        case (.combine(let primary, let secondary), _, .finish(let input)):
            (input == .primary ? primary : secondary).send(completion: .finished)
        case (.combine(let primary, let secondary), _, .fail(let input)):
            (input == .primary ? primary : secondary).send(completion: .failure(.of(input)))
        case (.simpleCombine(let primary, let secondary), _, .value(let input, let value)):
            (input == .primary ? primary : secondary).send(value)
        case (.simpleCombine(let primary, let secondary), _, .finish(let input)):
            (input == .primary ? primary : secondary).send(completion: .finished)
        case (.simpleCombine(let primary, let secondary), _, .fail(let input)):
            (input == .primary ? primary : secondary).send(completion: .failure(.of(input)))
        case (.rx(let primary, let secondary), _, .value(let input, let value)):
            (input == .primary ? primary : secondary).on(.next(value))
        case (.rx(let primary, let secondary), _, .finish(let input)):
            (input == .primary ? primary : secondary).on(.completed)
        case (.rx(let primary, let secondary), _, .fail(let input)):
            (input == .primary ? primary : secondary).on(.error(TestError.of(input)))
        case (_, .combine(let subscriber), .request(let count)):
            subscriber.request(.max(count))
        case (_, .combine(let subscriber), .cancel):
            subscriber.cancel()
        case (_, .rx(let observer, let subscription), .cancel):
            observer.noteDisposed()
            subscription.dispose()
        case (_, .rx, .request):
            break
        }
    }

    var events: [OutputEvent] {
        switch downstream {
        case .combine(let subscriber): subscriber.outputEvents
        case .rx(let observer, _): observer.outputEvents
        }
    }

    var violations: [String] {
        switch downstream {
        case .combine(let subscriber):
            subscriber.violations
                + (subscriber.subscriptionCount == 1 ? [] : ["\(subscriber.subscriptionCount) subscriptions"])
        case .rx(let observer, _):
            observer.violations
        }
    }
}
