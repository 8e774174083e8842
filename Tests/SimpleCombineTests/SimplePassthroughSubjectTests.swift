import SimpleCombine
import Testing

/// `SimplePassthroughSubject` on one thread: demand per subscriber, one completion, late subscribers,
/// re-entrant sends, and nothing kept alive after a cancel or the completion.
@Suite struct SimplePassthroughSubjectTests {
    @Test func everySubscriberGetsWhatItRequested() {
        let subject = SimplePassthroughSubject<Int, TestFailure>()
        let everything = Recorder<Int, TestFailure>()
        let two = Recorder<Int, TestFailure>(initial: .max(2))
        let onePerValue = Recorder<Int, TestFailure>(initial: .max(1), perValue: .max(1))
        for recorder in [everything, two, onePerValue] { subject.subscribe(recorder) }
        for value in 1...4 { subject.send(value) }
        two.request(.max(1))
        subject.send(5)
        subject.send(completion: .finished)
        subject.send(completion: .failure(.boom))
        subject.send(6)
        #expect(everything.events == ["subscription", "1", "2", "3", "4", "5", "finished"])
        #expect(two.events == ["subscription", "1", "2", "5", "finished"])
        #expect(onePerValue.events == ["subscription", "1", "2", "3", "4", "5", "finished"])
        for recorder in [everything, two, onePerValue] { #expect(recorder.violations == []) }
    }

    @Test func aLateSubscriberGetsTheCompletionAtOnce() {
        let subject = SimplePassthroughSubject<Int, TestFailure>()
        subject.send(completion: .failure(.boom))
        let late = Recorder<Int, TestFailure>()
        subject.subscribe(late)
        #expect(late.events == ["subscription", "failure(boom)"])
        #expect(late.violations == [])
    }

    @Test func aCancelledSubscriberGetsNothingMoreAndCancelIsSafeToRepeat() {
        let subject = SimplePassthroughSubject<Int, Never>()
        let leaving = Recorder<Int, Never>()
        let staying = Recorder<Int, Never>()
        subject.subscribe(leaving)
        subject.subscribe(staying)
        subject.send(1)
        let subscription = leaving.subscription
        leaving.cancel()
        subscription?.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(leaving.events == ["subscription", "1"])
        #expect(staying.events == ["subscription", "1", "2", "finished"])
    }

    @Test func aSubscriberMaySendIntoTheSubjectFromReceive() {
        let subject = SimplePassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { [unowned subject] value in
            if value < 3 { subject.send(value + 1) }
        }
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.events == ["subscription", "1", "2", "3", "finished"])
        #expect(recorder.violations == [])
    }

    @Test func aSubscriberMayCancelFromReceive() {
        let subject = SimplePassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { [unowned recorder] _ in recorder.cancel() }
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == ["subscription", "1"])
    }

    @Test func subscribersAreReleasedAfterCancelAndAfterTheCompletion() {
        let subject = SimplePassthroughSubject<Int, Never>()
        weak var cancelled: Recorder<Int, Never>?
        weak var completed: Recorder<Int, Never>?
        do {
            let leaving = Recorder<Int, Never>()
            let staying = Recorder<Int, Never>()
            cancelled = leaving
            completed = staying
            subject.subscribe(leaving)
            subject.subscribe(staying)
            leaving.cancel()
        }
        #expect(cancelled == nil, "the conduit let go of the subscriber that cancelled")
        #expect(completed != nil, "the subject still holds its live subscriber")
        subject.send(completion: .finished)
        #expect(completed == nil, "the completion broke the cycle")
    }

    @Test func theSubjectIsReleasedOnceItsSubscribersAreGone() {
        weak var weakSubject: SimplePassthroughSubject<Int, Never>?
        let recorder = Recorder<Int, Never>()
        do {
            let subject = SimplePassthroughSubject<Int, Never>()
            weakSubject = subject
            subject.subscribe(recorder)
        }
        #expect(weakSubject != nil, "a live conduit holds its subject, as Combine's does")
        recorder.cancel()
        #expect(weakSubject == nil)
    }
}
