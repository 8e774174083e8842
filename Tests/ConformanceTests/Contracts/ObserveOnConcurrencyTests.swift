import RxCore
import RxSinks
import Testing
import TestSupport

/// Rx `observe(on:)` while the source sends on one thread and the subscription is disposed on another
/// (re-run under ThreadSanitizer): elements in order with no gaps, at most one stop event and nothing
/// after it, the upstream disposed once, and nothing kept alive.
@Suite struct ObserveOnConcurrencyTests {
    static let iterations = 20
    static let valueCount = 200

    @Test func disposingWhileTheSourceSends() {
        for _ in 0..<Self.iterations {
            let queue = TestQueue()
            let source = TrackingObservable<Int>()
            let observer = RecordingObserver<Int>()
            let subscription = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue))
                .subscribe(observer)
            Concurrently.run(
                {
                    for value in 1...Self.valueCount { source.on(.next(value)) }
                    source.on(.completed)
                },
                { subscription.dispose() }
            )
            queue.drain()
            let elements = observer.events.compactMap(\.element)
            #expect(elements == Array(1..<(elements.count + 1)), "a prefix of the elements, in order")
            #expect(observer.events.filter(\.isStopEvent).count <= 1)
            #expect(observer.violations == [])
            #expect(source.disposeCounts == [1])
            #expect(source.observerReleased == [true])
        }
    }

    @Test func everyElementSentFromOneThreadArrivesInOrder() {
        for _ in 0..<Self.iterations {
            let queue = TestQueue()
            let source = TrackingObservable<Int>()
            let observer = RecordingObserver<Int>()
            let subscription = source.observe(on: SerialDispatchQueueScheduler(serialQueue: queue.queue))
                .subscribe(observer)
            Concurrently.run {
                for value in 1...Self.valueCount { source.on(.next(value)) }
                source.on(.completed)
            }
            queue.drain()
            #expect(observer.events.compactMap(\.element) == Array(1...Self.valueCount))
            #expect(observer.events.last?.isCompleted == true)
            #expect(observer.violations == [])
            subscription.dispose()
        }
    }
}
