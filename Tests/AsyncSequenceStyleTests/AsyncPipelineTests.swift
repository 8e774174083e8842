import AsyncAlgorithms
import AsyncSequenceStyle
import Harness
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension AsyncSequenceStyleSuite {
    /// The building blocks a cell drives: sending a batch returns once it was processed, one-at-a-time
    /// sending stamps each element and keeps one in flight, and finishing and cancelling end the consumer
    /// task as they should. No assertion about time.
    @Suite struct AsyncPipelineTests {
        @Test func sendReturnsOnceTheBatchWasProcessed() {
            let collector = Collector<Int>()
            let pipeline = StreamPipeline<Int>(StreamSource(), into: collector) { $0.map(Reference.map) }
            for batch in 0..<5 {
                let inputs = Array((batch * 100)..<((batch + 1) * 100))
                pipeline.send(contentsOf: inputs)
                #expect(pipeline.processedCount == (batch + 1) * 100)
                #expect(collector.values.count == (batch + 1) * 100)
            }
            #expect(collector.values == Reference.mapped(Array(0..<500)))
            #expect(pipeline.finish() == .finished)
        }

        @Test func filteredElementsCountAsProcessed() {
            let collector = Collector<Int>()
            let pipeline = StreamPipeline<Int>(StreamSource(), into: collector) { $0.filter(Reference.isIncluded) }
            pipeline.send(contentsOf: [1, 3, 5, 7, 2])
            #expect(pipeline.processedCount == 5)
            #expect(collector.values == [2])
            pipeline.send(contentsOf: [9, 11])
            #expect(pipeline.processedCount == 7, "a batch that delivers nothing is still waited for")
            #expect(pipeline.finish() == .finished)
        }

        @Test(arguments: [StreamBuffering.unbounded, .bounded(2)])
        func oneAtATimeStampsEveryElementAndMeasuresItsLatency(_ buffering: StreamBuffering) {
            let collector = Collector<Int>()
            collector.measuresLatency = true
            let pipeline = StreamPipeline<Int>(StreamSource(buffering: buffering), into: collector) { $0.map(Reference.map) }
            var stamps = 0
            pipeline.sendOneAtATime(contentsOf: Reference.inputs) {
                // One element in flight: the previous one has been processed before the next stamp.
                #expect(pipeline.processedCount == stamps)
                stamps += 1
                collector.sentAt = Clock.now()
            }
            #expect(stamps == Reference.inputs.count)
            #expect(collector.latencyCount == UInt64(Reference.inputs.count))
            #expect(collector.values == Reference.mapped(Reference.inputs))
            #expect(pipeline.finish() == .finished)
        }

        @Test func finishingDeliversTheCompletionOnce() {
            let collector = Collector<Int>()
            let pipeline = StreamPipeline<Int>(StreamSource(), into: collector) { $0 }
            pipeline.send(contentsOf: [1, 2])
            #expect(pipeline.finish() == .finished)
            #expect(pipeline.finish() == .finished, "finishing again changes nothing")
            #expect(collector.completionCount == 1)
            pipeline.send(contentsOf: [3])
            #expect(collector.values == [1, 2], "nothing is delivered after the end")
        }

        @Test func cancellingStopsTheConsumerWithoutACompletion() {
            let collector = Collector<Int>()
            let pipeline = StreamPipeline<Int>(StreamSource(), into: collector) { $0.map(Reference.map) }
            pipeline.send(contentsOf: [1])
            #expect(pipeline.cancel() == .cancelled)
            #expect(pipeline.cancel() == .cancelled, "cancelling again changes nothing")
            pipeline.send(contentsOf: [2, 3])
            pipeline.sendOneAtATime(contentsOf: [4]) {}
            #expect(collector.values == [3])
            #expect(collector.completionCount == 0)
            #expect(pipeline.sentCount == 1, "a stream whose consumer stopped takes nothing more")
        }

        @Test func aDroppedPipelineEndsItsTaskAndReleasesItsDownstream() {
            weak var weakCollector: Collector<Int>?
            var progress: ConsumptionProgress?
            do {
                let collector = Collector<Int>()
                weakCollector = collector
                let pipeline = StreamPipeline<Int>(StreamSource(), into: collector) { $0 }
                pipeline.send(contentsOf: [1])
                progress = pipeline.progress
            }
            progress?.awaitProcessed(.max)
            #expect(progress?.hasStopped == true)
            // The task lets go of its closure, and so of the downstream, just after it reports its end.
            for _ in 0..<10_000 where weakCollector != nil { sched_yield() }
            #expect(weakCollector == nil)
        }

        @Test func aChannelDeliversEveryElementAndItsSendWaitsForTheConsumer() {
            let collector = Collector<Int>()
            let pipeline = ChannelPipeline<Int>(ChannelSource(), into: collector) { AsyncSequenceOperators.scan($0, 0, Reference.scan) }
            pipeline.send(contentsOf: Reference.inputs)
            #expect(pipeline.processedCount == Reference.inputs.count)
            collector.measuresLatency = true
            pipeline.sendOneAtATime(contentsOf: [1, 2, 3]) { collector.sentAt = Clock.now() }
            #expect(collector.latencyCount == 3)
            #expect(pipeline.finish() == .finished)
            #expect(collector.values == Reference.scanned(Reference.inputs + [1, 2, 3]))
            #expect(collector.completionCount == 1)
        }

        @Test func aChannelSendSuspendsUntilAnElementIsTaken() async {
            let channel = AsyncChannel<Int>()
            let sent = Atomic<Int>(0)
            let sender = Task {
                for value in 1...2 {
                    await channel.send(value)
                    sent.add(1, ordering: .relaxed)
                }
            }
            for _ in 0..<100 { await Task.yield() }
            #expect(sent.load(ordering: .relaxed) == 0, "no consumer has taken anything: the first send still waits")
            var iterator = channel.makeAsyncIterator()
            #expect(await iterator.next() == 1)
            #expect(await iterator.next() == 2)
            await sender.value
            #expect(sent.load(ordering: .relaxed) == 2)
        }

        @Test func aCancelledChannelPipelineLetsItsSenderGo() {
            let collector = Collector<Int>()
            let pipeline = ChannelPipeline<Int>(ChannelSource(), into: collector) { $0 }
            pipeline.send(contentsOf: [1])
            #expect(pipeline.cancel() == .cancelled)
            pipeline.send(contentsOf: [2, 3])
            #expect(collector.values == [1])
            #expect(collector.completionCount == 0)
        }
    }
}
