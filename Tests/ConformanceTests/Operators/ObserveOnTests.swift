import Dispatch
import ReactiveBenchConformance
import RxCore
import RxSinks
import Testing

/// Rx `observe(on:)` a `SerialDispatchQueueScheduler` (RxSwift's serial-queue sink): every event on the
/// queue, in order; an ended or disposed subscription disposes its upstream, delivers nothing more
/// (not even events already queued) and keeps nothing alive.
@Suite struct ObserveOnTests {
    /// Records each event with whether it ran on the queue. Thread-safe.
    final class QueueRecorder: ObserverType, @unchecked Sendable {
        let queue: TestQueue
        let recorded = Locked<[(event: String, onQueue: Bool)]>([])

        init(_ queue: TestQueue) {
            self.queue = queue
        }

        func on(_ event: Event<Int>) {
            let onQueue = queue.isCurrent
            recorded.withLock { $0.append((event.debugDescription, onQueue)) }
        }

        var events: [String] { recorded.withLock { $0.map(\.event) } }
        var allOnQueue: Bool { recorded.withLock { $0.allSatisfy(\.onQueue) } }
    }

    @Test func everyEventArrivesOnTheQueueInOrderAndTheEndDisposesTheUpstream() {
        let queue = TestQueue()
        let source = TrackingObservable<Int>()
        let recorder = QueueRecorder(queue)
        let subscription = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue)).subscribe(recorder)
        for value in 1...100 { source.on(.next(value)) }
        source.on(.completed)
        queue.drain()
        #expect(recorder.events == (1...100).map { "next(\($0))" } + ["completed"])
        #expect(recorder.allOnQueue)
        #expect(source.disposeCounts == [1])
        subscription.dispose()
        #expect(source.disposeCounts == [1], "a second dispose reaches nothing")
    }

    @Test func anErrorArrivesOnTheQueueAndNothingFollowsIt() {
        let queue = TestQueue()
        let source = TrackingObservable<Int>()
        let recorder = QueueRecorder(queue)
        let subscription = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue)).subscribe(recorder)
        source.on(.next(1))
        source.on(.error(TestError.primary))
        source.on(.next(2))
        queue.drain()
        #expect(recorder.events == ["next(1)", "error(TestError.primary)"])
        #expect(recorder.allOnQueue)
        #expect(source.disposeCounts == [1])
        subscription.dispose()
    }

    @Test func disposingDropsEventsAlreadyQueued() {
        let queue = TestQueue()
        let source = TrackingObservable<Int>()
        let recorder = QueueRecorder(queue)
        let gate = DispatchSemaphore(value: 0)
        queue.queue.async { gate.wait() }
        let subscription = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue)).subscribe(recorder)
        source.on(.next(1))
        source.on(.next(2))
        source.on(.completed)
        subscription.dispose()
        gate.signal()
        queue.drain()
        #expect(recorder.events == [])
        #expect(source.disposeCounts == [1])
    }

    @Test func nothingIsKeptAliveOnceDisposedAndDrained() {
        let queue = TestQueue()
        let source = TrackingObservable<Int>()
        weak var weakRecorder: QueueRecorder?
        do {
            let recorder = QueueRecorder(queue)
            weakRecorder = recorder
            let subscription = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue))
                .subscribe(recorder)
            source.on(.next(1))
            subscription.dispose()
        }
        queue.drain()
        #expect(weakRecorder == nil, "the observer outlived its disposed subscription")
        #expect(source.observerReleased == [true])
    }

    @Test func aSubscriptionNeverDisposedIsReleasedByItsCompletion() {
        let queue = TestQueue()
        let source = TrackingObservable<Int>()
        weak var weakRecorder: QueueRecorder?
        do {
            let recorder = QueueRecorder(queue)
            weakRecorder = recorder
            _ = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue)).subscribe(recorder)
            source.on(.completed)
        }
        queue.drain()
        #expect(weakRecorder == nil)
        #expect(source.observerReleased == [true])
    }
}
