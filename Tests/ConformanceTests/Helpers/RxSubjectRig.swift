import RxCore

/// A hand-driven Rx observable (the core's `PublishSubject`, or the direct source) with
/// ``RecordingObserver``s.
final class RxSubjectRig<S: ObservableType & ObserverType>: SubjectRig, @unchecked Sendable where S.Element == Int {
    private final class Downstream: SubjectDownstream {
        let observer: RecordingObserver<Int>
        var subscription: Disposable?

        init(disposeAfter: Int?) {
            observer = RecordingObserver(disposeAfter: disposeAfter)
        }

        var outputEvents: [OutputEvent] { observer.outputEvents }
        var violations: [String] { observer.violations }
        var observedObject: AnyObject { observer }
        func requestMore(_ count: Int) {}

        func cancel() {
            observer.noteDisposed()
            subscription?.dispose()
        }

        func cancelTwice() {
            cancel()
            subscription?.dispose()
        }
    }

    private let subject: S
    let hasDemand = false

    init(_ subject: S) {
        self.subject = subject
    }

    /// Only `demand.cancelsAfter` matters: the Rx family has no demand.
    func subscribe(_ demand: DemandPolicy) -> any SubjectDownstream {
        let downstream = Downstream(disposeAfter: demand.cancelsAfter)
        let subscription = subject.subscribe(downstream.observer)
        downstream.subscription = subscription
        if demand.cancelsAfter != nil { downstream.observer.attach(subscription) }
        return downstream
    }

    func send(_ value: Int) { subject.onNext(value) }
    func finish() { subject.onCompleted() }
}
