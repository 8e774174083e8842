import CombineFramework
import ReactiveBenchConformance

/// A hand-driven Combine publisher (a `Subject`, or the direct source) with ``TrackingSubscriber``s.
final class CombineSubjectRig<S: HandDrivenPublisher>: SubjectRig, @unchecked Sendable {
    private let subject: S

    init(_ subject: S) {
        self.subject = subject
    }

    let hasDemand = true

    func subscribe(_ demand: DemandPolicy) -> any SubjectDownstream {
        let subscriber = TrackingSubscriber<Int, TestError, OpenCombineCore>(demand)
        subject.subscribe(subscriber)
        return subscriber
    }

    func send(_ value: Int) { subject.send(value) }
    func finish() { subject.send(completion: .finished) }
}
