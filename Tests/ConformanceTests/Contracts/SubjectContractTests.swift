import ReactiveBenchConformance
import StyleKit
import Testing

/// The subjects compared in fan-out workloads (`PassthroughSubject`, `CustomSubject` of the custom-subject
/// pattern, the Rx `PublishSubject`) and the direct sources of the `[direct]` rows (`DirectPublisher`,
/// `DirectObservable`) relay values to every current subscriber within its demand, end each subscriber
/// once, take demand and cancels from inside `receive`, and let go of a subscriber that cancelled.
@Suite struct SubjectContractTests {
    static let withDemand = ContractedSource.allCases.filter { SubjectRigs.make($0).hasDemand }

    @Test(arguments: ContractedSource.allCases)
    func everySubscriberReceivesEveryValueAndOneCompletion(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
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

    @Test(arguments: ContractedSource.allCases)
    func aCancelledSubscriberReceivesNothingMore(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
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

    @Test(arguments: ContractedSource.allCases)
    func aLateSubscriberReceivesTheCompletionAtOnce(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
        rig.send(1)
        rig.finish()
        let late = rig.subscribe(.unlimited)
        #expect(late.outputEvents == [.finished])
        #expect(late.violations.isEmpty)
    }

    @Test(arguments: Self.withDemand)
    func aSubscriberGetsNoMoreValuesThanItRequested(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
        let downstream = rig.subscribe(.manual)
        downstream.requestMore(2)
        for value in 1...5 { rig.send(value) }
        downstream.requestMore(1)
        rig.send(6)
        rig.send(7)
        #expect(downstream.outputEvents == [.value("1"), .value("2"), .value("6")])
        #expect(downstream.violations.isEmpty)
    }

    @Test(arguments: ContractedSource.allCases)
    func subscribersAreReleasedAfterCancelAndAfterCompletion(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
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

    /// `.max(1)` returned from `receive(_:)`, or requested through the subscription from inside it (which
    /// re-enters the source while it delivers), brings the next value, and only that one.
    @Test(arguments: Self.withDemand, [DemandPolicy.onePerValue, .onePerValueRequestedFromReceive])
    func demandFromInsideReceiveBringsTheNextValue(_ source: ContractedSource, _ demand: DemandPolicy) {
        let rig = SubjectRigs.make(source)
        let downstream = rig.subscribe(demand)
        for value in 1...4 { rig.send(value) }
        rig.finish()
        #expect(downstream.outputEvents == [.value("1"), .value("2"), .value("3"), .value("4"), .finished])
        #expect(downstream.violations.isEmpty)
    }

    /// A subscriber that cancels (disposes) from inside its handler of a value receives nothing more, the
    /// others everything; cancelling the subscription again afterwards changes nothing.
    @Test(arguments: ContractedSource.allCases)
    func aCancelFromInsideReceiveStopsThatSubscriberOnly(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
        let leaving = rig.subscribe(DemandPolicy.unlimited.cancelling(after: 2))
        let staying = rig.subscribe(.unlimited)
        for value in 1...4 { rig.send(value) }
        leaving.cancelTwice()
        rig.finish()
        #expect(leaving.outputEvents == [.value("1"), .value("2")])
        #expect(staying.outputEvents == [.value("1"), .value("2"), .value("3"), .value("4"), .finished])
        #expect(leaving.violations.isEmpty && staying.violations.isEmpty)
    }

    @Test(arguments: ContractedSource.allCases)
    func cancellingTwiceIsTheSameAsOnce(_ source: ContractedSource) {
        let rig = SubjectRigs.make(source)
        let leaving = rig.subscribe(.unlimited)
        let staying = rig.subscribe(.unlimited)
        rig.send(1)
        leaving.cancelTwice()
        rig.send(2)
        rig.finish()
        #expect(leaving.outputEvents == [.value("1")])
        #expect(staying.outputEvents == [.value("1"), .value("2"), .finished])
        #expect(leaving.violations.isEmpty && staying.violations.isEmpty)
    }
}
