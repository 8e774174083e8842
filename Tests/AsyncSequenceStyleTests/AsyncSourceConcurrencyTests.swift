import AsyncSequenceStyle
import Synchronization
import Testing
import TestSupport

extension AsyncSequenceStyleSuite {
    /// The sources under threads (re-run under ThreadSanitizer): two threads sending into one stream
    /// (the `contention` workload's shape) lose and duplicate nothing, for both bufferings; a cancel from
    /// another thread while a thread sends ends the consumer cleanly and lets the sender go.
    @Suite struct AsyncSourceConcurrencyTests {
        static let iterations = 10
        static let valueCount = 500

        @Test(arguments: [StreamBuffering.unbounded, .bounded(8)])
        func twoThreadsSendIntoOneStream(_ buffering: StreamBuffering) {
            for _ in 0..<Self.iterations {
                let collector = Collector<Int>()
                let source = StreamSource<Int>(buffering: buffering)
                let pipeline = StreamPipeline(source, into: collector) { $0.map(Reference.map) }
                Concurrently.run(
                    { _ = source.send(0..<Self.valueCount) },
                    { _ = source.send(Self.valueCount..<(2 * Self.valueCount)) }
                )
                #expect(pipeline.finish() == .finished)
                #expect(collector.values.sorted() == Reference.mapped(Array(0..<(2 * Self.valueCount))).sorted())
                #expect(collector.completionCount == 1)
                // Each sender's own elements keep their order.
                let firstSender = collector.values.filter { $0 < Reference.map(Self.valueCount) }
                #expect(firstSender == firstSender.sorted())
            }
        }

        @Test(arguments: [StreamBuffering.unbounded, .bounded(4)])
        func aCancelWhileSendingEndsTheConsumerAndFreesTheSender(_ buffering: StreamBuffering) {
            for _ in 0..<Self.iterations {
                let collector = Collector<Int>()
                let source = StreamSource<Int>(buffering: buffering)
                let pipeline = StreamPipeline(source, into: collector) { $0 }
                let ending = Mutex<ConsumerTask.Ending?>(nil)
                Concurrently.run(
                    { _ = source.send(0..<Self.valueCount) },
                    { ending.withLock { $0 = pipeline.cancel() } }
                )
                #expect(ending.withLock { $0 } == .cancelled)
                #expect(collector.completionCount == 0)
                let values = collector.values
                #expect(values == Array(0..<values.count), "a prefix, in order")
            }
        }

        @Test func aChannelSenderAndACancelOnAnotherThread() {
            for _ in 0..<Self.iterations {
                let collector = Collector<Int>()
                let source = ChannelSource<Int>()
                let pipeline = ChannelPipeline(source, into: collector) { $0 }
                Concurrently.run(
                    { _ = source.send(Array(0..<50)) },
                    { pipeline.cancel() }
                )
                let values = collector.values
                #expect(values == Array(0..<values.count))
                #expect(collector.completionCount == 0)
            }
        }
    }
}
