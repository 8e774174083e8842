import ReactiveBenchConformance
import RxCore
import StyleKit
import TestSupport

/// An `OperatorRig` for the Rx family: two ``TrackingObservable`` inputs and a ``RecordingObserver``
/// downstream. Requests are ignored (the family has no demand); a cancel is a dispose.
final class RxRig: OperatorRig, @unchecked Sendable {
    let primary = TrackingObservable<Int>()
    let secondary = TrackingObservable<Int>()

    private let downstream: Locked<RxDownstream?>
    private weak var weakObserver: AnyObject?

    /// Only `demand.cancelsAfter` matters: the Rx family has no demand.
    init(_ operation: OperatorID, demand: DemandPolicy) {
        let attached = RxAttach.attach(operation, primary, secondary, disposeAfter: demand.cancelsAfter)
        downstream = Locked(attached)
        weakObserver = attached.observer
    }

    func source(_ input: Input) -> TrackingObservable<Int> {
        input == .primary ? primary : secondary
    }

    private var attached: RxDownstream? {
        downstream.withLock { $0 }
    }

    // MARK: - OperatorRig

    func apply(_ step: Step) {
        step.perform(on: primary, secondary, downstream: attached)
    }

    var events: [OutputEvent] { attached?.outputEvents ?? [] }
    var violations: [String] { attached?.violations ?? [] }

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
