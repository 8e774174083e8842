import AsyncSequenceStyle
import StyleKit
import Testing

extension AsyncSequenceStyleSuite {
    /// The operator set over an `AsyncStream` source: each supported operator delivers what the plain loop
    /// computes, then completes; the others say why they are unsupported.
    @Suite struct AsyncSequenceOperatorsTests {
        static let bufferings: [StreamBuffering] = [.unbounded, .bounded(1), .bounded(4)]

        @Test(arguments: Self.bufferings)
        func mapFilterScanAndModulusDeliverThePlainLoopsValues(_ buffering: StreamBuffering) {
            let inputs = Reference.inputs
            #expect(run(buffering, inputs) { AsyncSequenceOperators.map($0, Reference.map) } == Reference.mapped(inputs))
            #expect(run(buffering, inputs) { AsyncSequenceOperators.filter($0, Reference.isIncluded) } == Reference.filtered(inputs))
            #expect(run(buffering, inputs) { AsyncSequenceOperators.scan($0, 0, Reference.scan) } == Reference.scanned(inputs))
            #expect(run(buffering, Array(-10...10)) { $0.modulus(3) } == [1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1])
        }

        @Test func aChainOfOperatorsComposes() {
            let inputs = Array(0..<100)
            let values = run(.unbounded, inputs) { elements in
                AsyncSequenceOperators.scan(
                    AsyncSequenceOperators.filter(AsyncSequenceOperators.map(elements, Reference.map), { $0 % 3 == 0 }),
                    0,
                    Reference.scan
                )
            }
            #expect(values == Reference.scanned(Reference.mapped(inputs).filter { $0 % 3 == 0 }))
        }

        @Test(arguments: Self.bufferings)
        func histogramIsOneReduceAtTheEnd(_ buffering: StreamBuffering) {
            let collector = Collector<[HistogramBin]>()
            let pipeline = StreamPipeline<Int>(StreamSource(buffering: buffering), into: collector) { await $0.histogram() }
            pipeline.send(contentsOf: [1, 3, 2, 1, 4, 2, 3, 2])
            #expect(collector.values.isEmpty, "nothing before the elements end")
            #expect(pipeline.processedCount == 8)
            #expect(pipeline.finish() == .finished)
            #expect(collector.values.map(\.description) == ["[1: 2, 2: 3, 3: 2, 4: 1]"])
            #expect(collector.completionCount == 1)
        }

        @Test func anEmptySourceGivesNoBins() {
            let collector = Collector<[HistogramBin]>()
            let pipeline = StreamPipeline<Int>(StreamSource(), into: collector) { await $0.histogram() }
            #expect(pipeline.finish() == .finished)
            #expect(collector.values == [[]])
        }

        @Test func everyOperatorIsEitherSupportedOrUnsupportedWithAReason() {
            let unsupported = Set(AsyncSequenceOperators.unsupportedReasons.keys)
            #expect(unsupported == [.withLatestFrom, .sample, .sampleWithFrom])
            #expect(AsyncSequenceOperators.supportedOperators.isDisjoint(with: unsupported))
            #expect(AsyncSequenceOperators.supportedOperators.union(unsupported) == Set(OperatorID.allCases))
            for operation in unsupported {
                #expect(!(AsyncSequenceOperators.unsupportedReason(for: operation) ?? "").isEmpty)
            }
        }

        /// Sends `inputs` through `pipeline` over a stream with `buffering`, finishes, and returns the values.
        private func run<Output: AsyncSequence>(
            _ buffering: StreamBuffering,
            _ inputs: [Int],
            _ pipeline: (CountingSequence<AsyncStream<Int>>) -> Output
        ) -> [Int] where Output.Element == Int {
            let collector = Collector<Int>()
            let driver = StreamPipeline(StreamSource(buffering: buffering), into: collector, pipeline: pipeline)
            driver.send(contentsOf: inputs)
            let delivered = collector.values
            #expect(driver.finish() == .finished)
            #expect(collector.values == delivered, "everything was delivered before send returned")
            #expect(collector.completionCount == 1)
            return collector.values
        }
    }
}
