import ReactiveBenchConformance
import SimpleCombine

/// A SimpleCombine subject with ``TrackingSubscriber``s: the counterpart of ``CombineSubjectRig``.
final class SimpleSubjectRig<S: SimpleSubject>: SubjectRig, @unchecked Sendable
where S.Output == Int, S.Failure == TestError {
    private let subject: S

    init(_ subject: S) {
        self.subject = subject
    }

    let hasDemand = true

    func subscribe(_ demand: DemandPolicy) -> any SubjectDownstream {
        let subscriber = TrackingSubscriber<Int, TestError, SimpleCombineCore>(demand)
        subject.subscribe(subscriber)
        return subscriber
    }

    func send(_ value: Int) { subject.send(value) }
    func finish() { subject.send(completion: .finished) }
}
