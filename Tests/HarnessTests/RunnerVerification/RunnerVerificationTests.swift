import Harness
import Implementations
import StyleKit
import Testing
import Workloads

/// The runner's own guarantees: a wrong implementation is caught by its checksum, a style that cannot
/// express a workload gets an `unsupported` row, and every shipped cell is ok with nothing retained.
@Suite(.serialized) struct RunnerVerificationTests {
    static let tiny = RunConfiguration(
        repetitions: 2, unitsPerRepetition: 200, batches: 2, measuresLatency: true, latencyUnits: 100
    )

    private func runner() throws -> Runner? {
        guard let probe = try JemallocRequirement.probe(scope: .process) else { return nil }
        return Runner(configuration: Self.tiny, probe: probe)
    }

    @Test func aWrongImplementationIsAChecksumMismatch() throws {
        guard let runner = try runner() else { return }
        let implementations = [Registry.implementation(.baseline), Registry.implementation(.structBridge)]
        let results = runner.run(
            workloads: [
                DeliberatelyWrongWorkload(wrapped: MapWorkload(), dropsElement: false),
                DeliberatelyWrongWorkload(wrapped: MapWorkload(), dropsElement: true),
            ],
            implementations: implementations
        )
        #expect(results.count == 4)
        for result in results where result.workload.hasPrefix("wrapped-") {
            #expect(result.status == .ok)
            #expect(!result.isFailure)
            #expect(result.checksum == result.expectedChecksum)
        }
        for result in results where result.workload.hasPrefix("wrong-") {
            #expect(result.status == .checksumMismatch)
            #expect(result.isFailure)
            #expect(result.detail.contains(result.checksum!.description))
            #expect(result.detail.contains(result.expectedChecksum!.description))
        }
    }

    @Test func aStyleThatCannotExpressAWorkloadGetsAnUnsupportedRow() throws {
        guard let runner = try runner() else { return }
        var needsWithLatestFrom = DeliberatelyWrongWorkload(wrapped: MapWorkload(), dropsElement: false)
        needsWithLatestFrom.operators = [.withLatestFrom]
        let results = runner.run(workloads: [needsWithLatestFrom], implementations: [Registry.implementation(.builtin)])
        let row = try #require(results.first)
        #expect(results.count == 1)
        #expect(row.status == .unsupported)
        #expect(row.detail == "builtin does not implement withLatestFrom")
        #expect(row.nanosecondsPerUnit.isEmpty)
        let fields = ResultTable.table(results).rows[0]
        let median = try #require(ResultTable.columns.firstIndex(of: "ns_per_unit_median"))
        #expect(fields[median] == "")
    }

    @Test func everyShippedCellIsOkAndRetainsNothing() throws {
        guard let runner = try runner() else { return }
        let results = runner.run(workloads: Scenarios.all, implementations: Registry.all)
        #expect(results.count == Scenarios.all.count * Registry.all.count)
        for result in results {
            let title = "\(result.workload) / \(result.implementation.rawValue)"
            #expect(result.status == .ok || result.status == .unsupported, "\(title): \(result.detail)")
            guard result.status == .ok else { continue }
            #expect(result.checksum == result.expectedChecksum, "\(title)")
            #expect(result.retainedBytes == 0, "\(title) retained \(result.retainedBytes ?? -1) bytes")
            #expect(result.baselineRatio != nil, "\(title)")
            if result.implementation == .baseline { #expect(result.baselineRatio == 1) }
            if result.unit == .element {
                // Steady state allocates nothing per element. In this debug build the Rx core allocates
                // one object per element (the optimiser removes it in release); the release tool is held
                // to 0 for every style by ReleaseToolTests.
                if result.family == .rx { continue }
                #expect(result.allocationsPerUnit == 0, "\(title) allocates \(result.allocationsPerUnit ?? -1) per element")
                #expect(result.latency != nil, "\(title)")
            }
        }
        let table = ResultTable.table(results)
        #expect(table.rows.allSatisfy { $0.count == ResultTable.columns.count })
        let decoded = try CSVTable.decode(table.encoded())
        #expect(decoded.header == table.header)
        #expect(decoded.rows == table.rows)
    }

    @Test(arguments: Scenarios.all.map(\.name))
    func referenceChecksumsMatchAnIndependentComputation(_ name: String) throws {
        let workload = try #require(Scenarios.named(name))
        let input = SeededInput(length: 1 << 10)
        for count in [0, 1, 100, 3000] {  // 3000 > the input's length: indices wrap
            let values = (0..<count).map { input.values[$0 % input.values.count] }
            var expected = Checksum()
            switch name {
            case "floor":
                values.forEach { expected.combine($0) }
            case "map", "subscribeChurn":
                values.map { $0 &* 3 &+ 1 }.forEach { expected.combine($0) }
            case "mapFilterScan":
                let sums = values.map { $0 &* 3 &+ 1 }.filter { $0 % 2 == 0 }.reduce(into: [Int]()) {
                    $0.append(($0.last ?? 0) &+ $1)
                }
                sums.forEach { expected.combine($0) }
            default:
                Issue.record("no independent computation for workload \(name): add one here")
            }
            #expect(workload.reference(input: input, count: count) == expected, "\(name), count \(count)")
        }
    }
}
