import SimpleCombine
import Testing

/// `SimplePublishers.Sequence`: a cold source that delivers within demand, from inside `request`, and
/// finishes right after its last element.
@Suite struct SequenceTests {
    @Test func deliversWithinDemandThenFinishesAfterTheLast() {
        let recorder = Recorder<Int, Never>(initial: .max(2))
        SimplePublishers.Sequence<[Int], Never>(sequence: [1, 2, 3]).subscribe(recorder)
        #expect(recorder.events == ["subscription", "1", "2"])
        recorder.request(.max(5))
        #expect(recorder.events == ["subscription", "1", "2", "3", "finished"])
        #expect(recorder.violations == [])
    }

    @Test func demandReturnedFromReceiveKeepsTheLoopGoing() {
        let recorder = Recorder<Int, Never>(initial: .max(1), perValue: .max(1))
        SimplePublishers.Sequence<ClosedRange<Int>, Never>(sequence: 1...4).subscribe(recorder)
        #expect(recorder.events == ["subscription", "1", "2", "3", "4", "finished"])
    }

    @Test func aRequestFromInsideReceiveAddsToTheLoopInsteadOfReenteringIt() {
        let recorder = Recorder<Int, Never>(initial: .max(1))
        recorder.onValue = { [unowned recorder] _ in recorder.request(.max(1)) }
        SimplePublishers.Sequence<[Int], Never>(sequence: [1, 2, 3]).subscribe(recorder)
        #expect(recorder.events == ["subscription", "1", "2", "3", "finished"])
        #expect(recorder.violations == [])
    }

    @Test func anEmptySequenceFinishesOnSubscription() {
        let recorder = Recorder<Int, Never>(initial: .none)
        SimplePublishers.Sequence<[Int], Never>(sequence: []).subscribe(recorder)
        #expect(recorder.events == ["subscription", "finished"])
    }

    @Test func aCancelFromInsideReceiveStopsEverythingEvenOnTheLastElement() {
        for count in [1, 3] {
            let recorder = Recorder<Int, Never>()
            recorder.onValue = { [unowned recorder] _ in recorder.cancel() }
            SimplePublishers.Sequence<[Int], Never>(sequence: Array(1...count)).subscribe(recorder)
            #expect(recorder.events == ["subscription", "1"])
        }
    }
}
