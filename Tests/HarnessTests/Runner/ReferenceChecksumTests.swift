import Runner
import Testing
import Workloads

/// Every workload's reference checksum, recomputed independently: the input read through
/// `values[i % length]` rather than the input's own wrapping subscript, the pipeline written with
/// `Array.map`, `filter` and `reduce` rather than the workload's loop, and the two-input workloads as
/// closed forms of their schedule rather than a walk through it. Counts beyond the input's length check
/// that indices wrap. (That the loops and the styles agree with these references is checked by
/// `ShippedCellsTests`; that the operators give the articles' examples (docs/ORIGINS.md), by
/// `WorkloadFixtureTests` and the conformance suite.)
struct ReferenceChecksumTests {
    static let smallInput = SeededInput(seed: 42, length: 256)
    static let counts = [0, 1, 2, 255, 256, 257, 1_000, 5 * 256 + 3]

    @Test(arguments: Scenarios.all.map(\.name))
    func referenceMatchesAnIndependentComputation(workload name: String) throws {
        let workload = try #require(Scenarios.named(name))
        for count in Self.counts {
            let expected = try #require(Self.independentChecksum(name, input: Self.smallInput, count: count))
            #expect(workload.reference(input: Self.smallInput, count: count) == expected, "count \(count)")
        }
    }

    /// The default input, once past its 65536 values.
    @Test(arguments: Scenarios.all.map(\.name))
    func referenceWrapsTheDefaultInput(workload name: String) throws {
        let workload = try #require(Scenarios.named(name))
        let input = SeededInput()
        let count = SeededInput.defaultLength + 1_234
        let expected = try #require(Self.independentChecksum(name, input: input, count: count))
        #expect(workload.reference(input: input, count: count) == expected)
    }

    @Test func theChecksumIsOrderSensitiveAndStartsAtTheFNVOffset() {
        #expect(Checksum().value == 0xcbf2_9ce4_8422_2325)
        var ab = Checksum(), ba = Checksum()
        ab.combine(1)
        ab.combine(2)
        ba.combine(2)
        ba.combine(1)
        #expect(ab != ba)
    }

    /// What the downstream of `name` receives for units `0..<count`, as the words the checksum folds;
    /// records an issue for a workload this test does not know yet (add its computation here).
    static func independentChecksum(_ name: String, input: SeededInput, count: Int) -> Checksum? {
        guard let workload = Scenarios.named(name) else { return nil }
        let values = (0..<count).map { input.values[$0 % input.values.count] }
        let words: [Int]
        switch (workload.scenario, workload.parameter) {
        case ("floor", _):
            words = values
        case ("map", nil), ("demand", _):
            words = values.map(Transforms.map)
        case ("map", "struct64"):
            // Eight fields seed + 0 ... seed + 7, each mapped, folded as one XOR.
            words = values.map { value in (0..<8).map { Transforms.map(value &+ $0) }.reduce(0, ^) }
        case ("map", "object"):
            words = values.map(Transforms.map)
        case ("filter", _):
            words = values.filter(Transforms.isEven)
        case ("scan", _):
            words = runningSums(values)
        case ("modulus", _):
            words = values.map { abs($0 % 3) }
        case ("mapFilterScan", _):
            words = runningSums(values.map(Transforms.map).filter(Transforms.isEven))
        case ("pipelineDepth", let depth?):
            words = values.map { value in (0..<Int(depth)!).reduce(value) { mapped, _ in Transforms.map(mapped) } }
        case ("filterDepth", _):
            // Every seeded value passes every stage: the sweep's filters test and pass everything.
            words = values
        case ("scanDepth", let depth?):
            // Stage k's output is the running sum of stage k - 1's.
            words = (0..<Int(depth)!).reduce(values) { stageInput, _ in runningSums(stageInput) }
        case ("histogram", _):
            let counts = Dictionary(grouping: values.map { $0 & 15 }, by: { $0 }).mapValues(\.count)
            words = [counts.count] + counts.keys.sorted().flatMap { [$0, counts[$0]!] }
        case ("withLatestFrom", let period?):
            // The secondary's latest value at primary i is the one sent just before primary i / k * k.
            let k = Int(period)!
            words = values.indices.map { Transforms.combine(values[$0], values[$0 / k * k] ^ 0x5555) }
        case ("sampleWithFrom", let period?):
            // Each secondary value is used by the primary element sent right after it.
            let k = Int(period)!
            words = values.indices.filter { $0 % k == 0 }.map { Transforms.combine(values[$0], values[$0] ^ 0x5555) }
        case ("sample", let period?):
            // A tick before primary i > 0 emits primary i - 1; the sampler's completion emits the last one.
            let k = Int(period)!
            words = values.indices.dropFirst().filter { $0 % k == 0 }.map { values[$0 - 1] } + values.suffix(1)
        default:
            if let checksum = IndependentReferences.checksum(name, input: input, count: count) { return checksum }
            Issue.record("no independent reference for workload '\(name)': add one to ReferenceChecksumTests")
            return nil
        }
        return words.reduce(into: Checksum()) { checksum, word in checksum.combine(word) }
    }

    private static func runningSums(_ values: [Int]) -> [Int] {
        values.reduce(into: [Int]()) { sums, value in sums.append(Transforms.sum(sums.last ?? 0, value)) }
    }
}
