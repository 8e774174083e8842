import ReactiveBenchConformance
import RxCore

/// A hand-driven Rx observable (the core's `PublishSubject`, or the direct source) with
/// ``RecordingObserver``s.
final class RxSubjectRig<S: ObservableType & ObserverType>: SubjectRig, @unchecked Sendable where S.Element == Int {
    private let subject: S
    let hasDemand = false

    init(_ subject: S) {
        self.subject = subject
    }

    /// Only `demand.cancelsAfter` matters: the Rx family has no demand.
    func subscribe(_ demand: DemandPolicy) -> any SubjectDownstream {
        RxAttach.record(subject, disposeAfter: demand.cancelsAfter)
    }

    func send(_ value: Int) { subject.onNext(value) }
    func finish() { subject.onCompleted() }
}
