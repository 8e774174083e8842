import Testing
import Workloads

/// Every workload's reference checksum, recomputed independently: the input read through
/// `values[i % length]` rather than the input's own wrapping subscript, and the pipeline written with
/// `Array.map`, `filter` and `reduce` rather than the workload's loop. Counts beyond the input's length
/// check that indices wrap.
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

    /// What the downstream of `name` receives for units `0..<count`; records an issue for a workload this
    /// test does not know yet (add its computation here).
    static func independentChecksum(_ name: String, input: SeededInput, count: Int) -> Checksum? {
        let values = (0..<count).map { input.values[$0 % input.values.count] }
        let outputs: [Int]
        switch name {
        case "floor":
            outputs = values
        case "map", "subscribeChurn":
            outputs = values.map(Transforms.map)
        case let demand where demand.hasPrefix("demand ("):
            // Demand changes how the downstream asks, never what it receives.
            outputs = values.map(Transforms.map)
        case "mapFilterScan":
            outputs = values.map(Transforms.map).filter(Transforms.isEven)
                .reduce(into: [Int]()) { sums, value in sums.append(Transforms.sum(sums.last ?? 0, value)) }
        default:
            if let checksum = IndependentReferences.checksum(name, input: input, count: count) { return checksum }
            Issue.record("no independent reference for workload '\(name)': add one to ReferenceChecksumTests")
            return nil
        }
        return outputs.reduce(into: Checksum()) { checksum, value in checksum.combine(value) }
    }
}
