import StyleKit
import Testing
import Workloads

/// The hand-written operators of the workloads' loops (the `baseline` rows) on the seeds' own examples.
/// The conformance suite runs the same examples through every style; here they check that the floor
/// computes the same operator, with the workloads' Int transforms in place of the seeds' strings.
struct WorkloadFixtureTests {
    /// Seed 004: `[1, 3, 2, 1, 4, 2, 3, 2]` gives `[1: 2, 2: 3, 3: 2, 4: 1]`, once, at the end.
    @Test func histogramOnSeed004() {
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

    /// Seed 004: modulus 3 of `-10...10`, the list `ConformanceTests/ModulusTests` checks every style against.
    @Test func modulusOnSeed004() {
        let seed004 = [1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
        #expect((-10...10).map { Transforms.modulus($0, ModulusWorkload.modulo) } == seed004)
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

    private static func checksum(_ words: [Int]) -> Checksum {
        words.reduce(into: Checksum()) { checksum, word in checksum.combine(word) }
    }
}
