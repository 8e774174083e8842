import Dispatch
import ReactiveBenchConformance
import RxCore
import RxSinks
import Testing

/// RxSwift's trampoline (`Schedulers/CurrentThreadScheduler.swift`), which `Producer.subscribe` goes
/// through (`Observables/Producer.swift`): work scheduled on the current thread while a subscription is
/// being made runs after the subscription's own code, in the order it was scheduled, and before the
/// outermost `subscribe` returns.
@Suite struct CurrentThreadSchedulerTests {
    final class Log: @unchecked Sendable {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }

    /// A source that schedules `values` on the trampoline from inside its subscription.
    static func scheduling(_ values: [Int], log: Log) -> Observable<Int> {
        Observable<Int>.create { observer in
            log.append("subscribed")
            for value in values {
                _ = CurrentThreadScheduler.instance.schedule(value) { value in
                    log.append("scheduled \(value)")
                    observer.onNext(value)
                    return Disposables.create()
                }
            }
            log.append("subscription code returns")
            return Disposables.create()
        }
    }

    @Test func workScheduledDuringAnOuterSubscribeRunsBeforeItReturnsInOrder() {
        let log = Log()
        let subscription = Self.scheduling([1, 2], log: log).map { $0 * 10 }.subscribe { event in log.append("\(event)") }
        log.append("subscribe returned")
        // A sequence that never ends keeps its subscription until it is disposed (as in RxSwift).
        subscription.dispose()
        #expect(
            log.lines == [
                "subscribed", "subscription code returns",
                "scheduled 1", "next(10)", "scheduled 2", "next(20)",
                "subscribe returned",
            ]
        )
    }

    @Test func workScheduledByQueuedWorkRunsAfterWhatWasQueuedBeforeIt() {
        let log = Log()
        let scheduler = CurrentThreadScheduler.instance
        let subscription = Observable<Int>.create { _ in
            _ = scheduler.schedule(1) { value in
                log.append("run \(value)")
                _ = scheduler.schedule(3) { value in
                    log.append("run \(value)")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = scheduler.schedule(2) { value in
                log.append("run \(value)")
                return Disposables.create()
            }
            return Disposables.create()
        }.subscribe { _ in }
        subscription.dispose()
        #expect(log.lines == ["run 1", "run 2", "run 3"])
    }

    @Test func aNestedSubscribeRunsAtOnceWithoutTheTrampoline() {
        let log = Log()
        let inner = Observable<Int>.create { _ in
            log.append("inner subscribed")
            return Disposables.create()
        }
        let subscription = Observable<Int>.create { _ in
            log.append("outer subscribed")
            let innerSubscription = inner.subscribe { _ in }
            log.append("outer subscription code returns")
            return innerSubscription
        }.subscribe { _ in }
        subscription.dispose()
        #expect(log.lines == ["outer subscribed", "inner subscribed", "outer subscription code returns"])
    }

    @Test func aDisposedQueuedItemDoesNotRun() {
        let log = Log()
        let subscription = Observable<Int>.create { _ in
            let cancelled = CurrentThreadScheduler.instance.schedule(1) { _ in
                log.append("cancelled work ran")
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(2) { _ in
                log.append("kept work ran")
                return Disposables.create()
            }
            cancelled.dispose()
            return Disposables.create()
        }.subscribe { _ in }
        subscription.dispose()
        #expect(log.lines == ["kept work ran"])
    }

    @Test func theThreadIsBusyOnlyWhileScheduledWorkRuns() {
        let log = Log()
        #expect(CurrentThreadScheduler.isScheduleRequired)
        let subscription = Observable<Int>.create { _ in
            log.append("busy: \(!CurrentThreadScheduler.isScheduleRequired)")
            let otherThread = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                log.append("another thread busy: \(!CurrentThreadScheduler.isScheduleRequired)")
                otherThread.signal()
            }
            otherThread.wait()
            return Disposables.create()
        }.subscribe { _ in }
        subscription.dispose()
        #expect(CurrentThreadScheduler.isScheduleRequired)
        // Outside any subscription, scheduled work runs at once.
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("ran at once")
            return Disposables.create()
        }
        log.append("schedule returned")
        #expect(log.lines == ["busy: true", "another thread busy: false", "ran at once", "schedule returned"])
    }

    @Test func twoSequencesInOneChainTakeTurnsOneEventEach() {
        let log = Log()
        _ = Observable.from([1, 2, 3])
            .withLatestFrom(Observable.from([10, 20]), resultSelector: { first, second in first + second })
            .subscribe { event in log.append("\(event)") }
        // `other` is subscribed first: 10, then 1 (gives 11), 20, 2 (22), other's completion, 3 (23), completion.
        #expect(log.lines == ["next(11)", "next(22)", "next(23)", "completed"])
    }

    @Test func aDisposeDuringTheTrampolineStopsTheStepsNotRunYet() {
        let pulled = Log()
        let elements = (1...5).lazy.map { element -> Int in
            pulled.append("pulled \(element)")
            return element
        }
        let log = Log()
        _ = Observable.from(elements)
            .map { element -> Int in
                if element == 2 { throw TestError.thrown }
                return element
            }
            .subscribe { event in log.append("\(event)") }
        #expect(log.lines == ["next(1)", "error(TestError.thrown)"])
        #expect(pulled.lines == ["pulled 1", "pulled 2"])
    }
}
