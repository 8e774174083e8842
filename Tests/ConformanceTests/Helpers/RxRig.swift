import Implementations
import RxCore
import StyleKit
import TestSupport

/// An ``OperatorRig`` for the Rx family: two ``TrackingObservable`` inputs and a ``RecordingObserver``
/// downstream. Requests are ignored (the family has no demand); a cancel is a dispose.
final class RxRig: OperatorRig, @unchecked Sendable {
    let implementation = ImplementationUnderTest.registered(.rxSink)
    let operation: OperatorID
    let primary = TrackingObservable<Int>()
    let secondary = TrackingObservable<Int>()

    private let downstream: Locked<(observer: any RxRecording, subscription: Disposable)?>
    private weak var weakObserver: AnyObject?

    /// Only `demand.cancelsAfter` matters: the Rx family has no demand.
    init(_ operation: OperatorID, demand: DemandPolicy = .unlimited) {
        self.operation = operation
        let attached = RxAttach.attach(operation, primary, secondary, disposeAfter: demand.cancelsAfter)
        downstream = Locked(attached)
        weakObserver = attached.observer
    }

    func source(_ input: Input) -> TrackingObservable<Int> {
        input == .primary ? primary : secondary
    }

    private var attached: (observer: any RxRecording, subscription: Disposable)? {
        downstream.withLock { $0 }
    }

    // MARK: - OperatorRig

    func apply(_ step: Step) {
        switch step {
        case .value(let input, let value): source(input).on(.next(value))
        case .finish(let input): source(input).on(.completed)
        case .fail(let input): source(input).on(.error(TestError.of(input)))
        case .request: break
        case .cancel:
            guard let attached else { return }
            attached.observer.noteDisposed()
            attached.subscription.dispose()
        }
    }

    var events: [OutputEvent] { attached?.observer.outputEvents ?? [] }
    var violations: [String] { attached?.observer.violations ?? [] }

    func subscriptionCount(_ input: Input) -> Int {
        source(input).subscriptionCount
    }

    func cancelCount(_ input: Input) -> Int {
        source(input).disposeCounts.reduce(0, +)
    }

    let passesUpstreamSubscriptionThrough = false

    func cancelRepeatedly(times: Int, concurrently: Bool) {
        guard let attached else { return }
        attached.observer.noteDisposed()
        let disposes = Array(repeating: { attached.subscription.dispose() }, count: times)
        if concurrently { Concurrently.run(disposes) } else { disposes.forEach { $0() } }
    }

    func releaseAndFindSurvivors() -> [String] {
        downstream.withLock { $0 = nil }
        var survivors: [String] = []
        if weakObserver != nil { survivors.append("the downstream RecordingObserver") }
        for (name, source) in [("primary", primary), ("secondary", secondary)] {
            for (index, released) in source.observerReleased.enumerated() where !released {
                survivors.append("the operator's observer of the \(name) input (subscription \(index))")
            }
        }
        return survivors
    }
}
