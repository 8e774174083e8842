import RxCore

/// The Rx `PublishSubject` with ``RecordingObserver``s.
final class RxSubjectRig: SubjectRig, @unchecked Sendable {
    private final class Downstream: SubjectDownstream {
        let observer = RecordingObserver<Int>()
        var subscription: Disposable?

        var outputEvents: [OutputEvent] { observer.outputEvents }
        var violations: [String] { observer.violations }
        var observedObject: AnyObject { observer }
        func requestMore(_ count: Int) {}

        func cancel() {
            observer.noteDisposed()
            subscription?.dispose()
        }
    }

    private let subject = PublishSubject<Int>()
    let hasDemand = false

    func subscribe(_ demand: DemandPolicy) -> any SubjectDownstream {
        let downstream = Downstream()
        downstream.subscription = subject.subscribe(downstream.observer)
        return downstream
    }

    func send(_ value: Int) { subject.onNext(value) }
    func finish() { subject.onCompleted() }
}
