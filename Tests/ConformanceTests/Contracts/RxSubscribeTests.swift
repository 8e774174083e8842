import ReactiveBenchConformance
import RxCore
import RxSinks
import Testing

/// The Rx core's entry points the suite relies on: `Observable.from` and
/// `subscribe(onNext:onError:onCompleted:onDisposed:)`, whose `onDisposed` runs exactly once.
@Suite struct RxSubscribeTests {
    final class Calls: @unchecked Sendable {
        var events: [String] = []
    }

    static func subscribe(_ observable: Observable<Int>, recordingInto calls: Calls) -> Disposable {
        observable.subscribe(
            onNext: { calls.events.append("next(\($0))") },
            onError: { calls.events.append("error(\($0))") },
            onCompleted: { calls.events.append("completed") },
            onDisposed: { calls.events.append("disposed") }
        )
    }

    @Test func fromDeliversEveryElementThenCompletesAndDisposesOnce() {
        let calls = Calls()
        let subscription = Self.subscribe(.from([1, 2]), recordingInto: calls)
        subscription.dispose()
        #expect(calls.events == ["next(1)", "next(2)", "completed", "disposed"])
    }

    @Test func anErrorEndsTheSubscriptionAndDisposesOnce() {
        let calls = Calls()
        let source = TrackingObservable<Int>()
        let subscription = Self.subscribe(source.map { $0 * 10 }, recordingInto: calls)
        source.on(.next(1))
        source.on(.error(TestError.primary))
        source.on(.next(2))
        subscription.dispose()
        #expect(calls.events == ["next(10)", "error(TestError.primary)", "disposed"])
        #expect(source.disposeCounts == [1])
    }

    @Test func disposingTwiceRunsOnDisposedOnceAndStopsEverything() {
        let calls = Calls()
        let source = TrackingObservable<Int>()
        let subscription = Self.subscribe(source.filter { $0 > 0 }, recordingInto: calls)
        source.on(.next(1))
        subscription.dispose()
        subscription.dispose()
        source.on(.next(2))
        source.on(.completed)
        #expect(calls.events == ["next(1)", "disposed"])
        #expect(source.disposeCounts == [1])
        #expect(source.observerReleased == [true])
    }
}
