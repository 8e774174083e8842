import RxCore
import RxSinks
import Testing

/// RxSwift's general `observe(on:)` (`Observables/ObserveOn.swift`), for schedulers other than a serial
/// dispatch queue: events wait in the sink's queue until the scheduler runs the sink's recursive action.
@Suite struct ObserveOnAnySchedulerTests {
    /// Runs what was scheduled only when told to, in order.
    final class ManualScheduler: ImmediateSchedulerType, @unchecked Sendable {
        private var pending: [() -> Void] = []
        private(set) var scheduledCount = 0

        func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
            let cancel = SingleAssignmentDisposable()
            scheduledCount += 1
            pending.append {
                if !cancel.isDisposed { cancel.setDisposable(action(state)) }
            }
            return cancel
        }

        func runAll() {
            while !pending.isEmpty { pending.removeFirst()() }
        }
    }

    @Test func eventsWaitForTheSchedulerThenArriveInOrder() {
        let scheduler = ManualScheduler()
        let source = TrackingObservable<Int>()
        let recorder = RecordingObserver<Int>()
        _ = source.observe(on: scheduler).subscribe(recorder)
        for value in 1...3 { source.on(.next(value)) }
        source.on(.completed)
        #expect(recorder.outputEvents.isEmpty)
        // One action drains the queue, one recursive step per event.
        scheduler.runAll()
        #expect(recorder.outputEvents == [.value("1"), .value("2"), .value("3"), .finished])
        #expect(recorder.violations.isEmpty)
        #expect(source.disposeCounts == [1])
    }

    @Test func aDisposeBeforeTheSchedulerRunsDeliversNothing() {
        let scheduler = ManualScheduler()
        let source = TrackingObservable<Int>()
        let recorder = RecordingObserver<Int>()
        let subscription = source.observe(on: scheduler).subscribe(recorder)
        source.on(.next(1))
        subscription.dispose()
        scheduler.runAll()
        #expect(recorder.outputEvents.isEmpty)
        #expect(source.disposeCounts == [1])
    }

    @Test func onTheTrampolineEachEventArrivesBeforeItsSendReturns() {
        let source = PublishSubject<Int>()
        let recorder = RecordingObserver<Int>()
        _ = source.observe(on: CurrentThreadScheduler.instance).subscribe(recorder)
        source.on(.next(1))
        #expect(recorder.outputEvents == [.value("1")])
        source.on(.next(2))
        source.on(.completed)
        #expect(recorder.outputEvents == [.value("1"), .value("2"), .finished])
    }
}
