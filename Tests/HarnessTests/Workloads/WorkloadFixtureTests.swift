import Runner
import StyleKit
import Testing
import Workloads

/// The hand-written operators of the workloads' loops (the `baseline` rows) on the examples of the
/// articles the styles come from (docs/ORIGINS.md).
/// The conformance suite runs the same examples through every style; here they check that the floor
/// computes the same operator, with the workloads' Int transforms in place of the articles' strings.
struct WorkloadFixtureTests {
    /// The custom-operator article's example: other 2, 3, upstream 1, other 4, upstream 5, 6, other 7, 8,
    /// upstream 9 gives `["13", "54", "64", "98"]`; `Transforms.combine` is that concatenation for single
    /// digits.
    @Test func withLatestFromOnTheCustomOperatorArticlesExample() {
        let sink = Self.run(WithLatestFromWorkload(period: 10), [
            .secondary(2), .secondary(3), .primary(1), .secondary(4), .primary(5), .primary(6),
            .secondary(7), .secondary(8), .primary(9),
        ])
        #expect(sink.checksum == Self.checksum([13, 54, 64, 98]))
        #expect(sink.valueCount == 4)
    }

    /// The Producer/Sink article's `sampleWithFrom` example, with A = 5 and B = 6: `["2A", "4B"]`.
    @Test func sampleWithFromOnTheProducerSinkArticlesExample() {
        let sink = Self.run(SampleWithFromWorkload(period: 10), [
            .primary(1), .secondary(5), .primary(2), .primary(3), .secondary(6), .primary(4),
        ])
        #expect(sink.checksum == Self.checksum([25, 46]))
        #expect(sink.valueCount == 2)
    }

    /// The Producer/Sink article's `sample` example: upstream 1, a tick gives `[1]`; a second tick gives
    /// nothing more, and neither does the end of both streams.
    @Test func sampleOnTheProducerSinkArticlesExample() {
        let sink = Self.run(SampleWorkload(period: 10), [.primary(1), .secondary(0), .secondary(0)])
        #expect(sink.checksum == Self.checksum([1]))
        #expect(sink.valueCount == 1)
    }

    /// What is pending when both streams end is emitted: the sampler's completion, as RxSwift's `sample`.
    @Test func sampleEmitsWhatIsPendingAtTheEnd() {
        let sink = Self.run(SampleWorkload(period: 10), [.primary(1), .secondary(0), .primary(2), .primary(3)])
        #expect(sink.checksum == Self.checksum([1, 3]))
    }

    /// The composition article's example: `[1, 3, 2, 1, 4, 2, 3, 2]` gives `[1: 2, 2: 3, 3: 2, 4: 1]`,
    /// once, at the end.
    @Test func histogramOnTheCompositionArticlesExample() {
        let workload = HistogramWorkload()
        let sink = OutputSink()
        var counts = workload.makeLoopCarry()
        workload.loop(input: ValueTable([1, 3, 2, 1, 4, 2, 3, 2]), range: 0..<8, sink: sink, carry: &counts)
        #expect(sink.valueCount == 0, "nothing before the end")
        workload.loopFinish(sink: sink, carry: &counts)
        let bins = [HistogramBin(key: 1, count: 2), HistogramBin(key: 2, count: 3), .init(key: 3, count: 2), .init(key: 4, count: 1)]
        var expected = Checksum()
        bins.fold(into: &expected)
        #expect(sink.checksum == expected)
        #expect(sink.valueCount == 1)
    }

    /// The composition article's modulus 3 of `-10...10`, the list `ConformanceTests/ModulusTests` checks
    /// every style against.
    @Test func modulusOnTheCompositionArticlesExample() {
        let moduli = [1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
        #expect((-10...10).map { Transforms.modulus($0, ModulusWorkload.modulo) } == moduli)
    }

    /// The element types' transforms make new values and fold every field.
    @Test func elementTypesMapEveryFieldIntoANewValue() {
        let mapped = Transforms.map(Struct64(seed: 1))
        #expect(mapped == Struct64(a: 4, b: 7, c: 10, d: 13, e: 16, f: 19, g: 22, h: 25))
        var checksum = Checksum(), expected = Checksum()
        mapped.fold(into: &checksum)
        expected.combine(4 ^ 7 ^ 10 ^ 13 ^ 16 ^ 19 ^ 22 ^ 25)
        #expect(checksum == expected)

        let object = ObjectElement(1)
        let mappedObject = Transforms.map(object)
        #expect(mappedObject !== object && mappedObject.value == 4)
    }

    // MARK: - Helpers

    /// The loop's operator over `events`, then the end of both streams.
    private static func run<W: TwoInputWorkload>(_ workload: W, _ events: [TwoInputSchedule.Event]) -> OutputSink {
        let sink = OutputSink()
        var state = workload.makeLoopState()
        for event in events {
            workload.loopStep(event, sink: sink, state: &state)
        }
        workload.loopFinish(sink: sink, state: &state)
        return sink
    }

    private static func checksum(_ words: [Int]) -> Checksum {
        words.reduce(into: Checksum()) { checksum, word in checksum.combine(word) }
    }
}
