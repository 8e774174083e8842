import StyleKit
import Testing

/// The subjects compared in fan-out workloads: `PassthroughSubject`, `CustomSubject` (seed 001) and the
/// Rx `PublishSubject` relay values to every current subscriber, end each subscriber once, and let go of
/// a subscriber that cancelled.
@Suite struct SubjectContractTests {
    @Test(arguments: SubjectID.allCases)
    func everySubscriberReceivesEveryValueAndOneCompletion(_ id: SubjectID) {
        let rig = SubjectRigs.make(id)
        let downstreams = (0..<3).map { _ in rig.subscribe(.unlimited) }
        for value in 1...3 { rig.send(value) }
        rig.finish()
        rig.finish()
        rig.send(4)
        for downstream in downstreams {
            #expect(downstream.outputEvents == [.value("1"), .value("2"), .value("3"), .finished])
            #expect(downstream.violations.isEmpty)
        }
    }

    @Test(arguments: SubjectID.allCases)
    func aCancelledSubscriberReceivesNothingMore(_ id: SubjectID) {
        let rig = SubjectRigs.make(id)
        let leaving = rig.subscribe(.unlimited)
        let staying = rig.subscribe(.unlimited)
        rig.send(1)
        leaving.cancel()
        leaving.cancel()
        rig.send(2)
        rig.finish()
        #expect(leaving.outputEvents == [.value("1")])
        #expect(staying.outputEvents == [.value("1"), .value("2"), .finished])
        #expect(leaving.violations.isEmpty && staying.violations.isEmpty)
    }

    @Test(arguments: SubjectID.allCases)
    func aLateSubscriberReceivesTheCompletionAtOnce(_ id: SubjectID) {
        let rig = SubjectRigs.make(id)
        rig.send(1)
        rig.finish()
        let late = rig.subscribe(.unlimited)
        #expect(late.outputEvents == [.finished])
        #expect(late.violations.isEmpty)
    }

    @Test(arguments: SubjectID.allCases.filter { SubjectRigs.make($0).hasDemand })
    func aSubscriberGetsNoMoreValuesThanItRequested(_ id: SubjectID) {
        let rig = SubjectRigs.make(id)
        let downstream = rig.subscribe(.manual)
        downstream.requestMore(2)
        for value in 1...5 { rig.send(value) }
        downstream.requestMore(1)
        rig.send(6)
        rig.send(7)
        #expect(downstream.outputEvents == [.value("1"), .value("2"), .value("6")])
        #expect(downstream.violations.isEmpty)
    }

    @Test(arguments: SubjectID.allCases)
    func subscribersAreReleasedAfterCancelAndAfterCompletion(_ id: SubjectID) {
        let rig = SubjectRigs.make(id)
        weak var cancelled: AnyObject?
        weak var completed: AnyObject?
        do {
            let leaving = rig.subscribe(.unlimited)
            let staying = rig.subscribe(.unlimited)
            cancelled = leaving.observedObject
            completed = staying.observedObject
            rig.send(1)
            leaving.cancel()
        }
        #expect(cancelled == nil, "the subject let go of the subscriber that cancelled")
        #expect(completed != nil, "the subject still holds its live subscriber")
        rig.finish()
        #expect(completed == nil, "the subject let go of its subscribers when it completed")
    }
}
