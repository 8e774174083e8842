import Runner
import StyleKit
import Testing
import Workloads

/// The `demand` rows, over either source, count the downstream's demand traffic exactly, report their
/// overhead against the same style's `.unlimited` row over the same source (the slow-consumer rows
/// against the slow `.unlimited` one), and are `unsupported` in the push-only Rx family.
struct DemandAccountingTests {
    static let workloads = SourceKind.allCases.flatMap(DemandWorkload.sweep)

    @Test func requestCallsAndReturnedDemandsArePerElementCounts() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let results = runner.run(
            workloads: Self.workloads, implementations: RunnerFixture.implementations(.baseline, .structBridge, .builtin)
        )
        let expected: [String: (requests: Double, returns: Double)] = [
            "unlimited": (0, 0),
            "max1Returned": (0, 1),
            "max1Requested": (1, 0),
            "batch8": (0, 1.0 / 8),
            "batch64": (0, 1.0 / 64),
            "unlimited, slowConsumer": (0, 0),
            "max1Requested, slowConsumer": (1, 0),
        ]
        for result in results {
            let title = RunnerFixture.title(result)
            #expect(result.status == .ok, "\(title): \(result.detail)")
            #expect(result.checksum == result.expectedChecksum, "\(title)")
            guard result.family == .combine else {
                #expect(result.requestCallsPerUnit == nil && result.demandOverheadPercent == nil, "\(title)")
                continue
            }
            let counts = try #require(expected[result.parameter ?? ""], "\(title)")
            #expect(result.requestCallsPerUnit == counts.requests, "\(title)")
            // A batch boundary may fall either side of the timed region: within one return of 1/k.
            let returns = try #require(result.demandReturnsPerUnit)
            #expect(abs(returns - counts.returns) <= 1.0 / Double(result.unitsPerRepetition), "\(title): \(returns)")
            let overhead = try #require(result.demandOverheadPercent, "\(title)")
            if result.parameter?.hasPrefix("unlimited") == true { #expect(overhead == 0, "\(title)") }
        }
    }

    @Test func theRxFamilyHasNoDemandToMeasure() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let results = runner.run(workloads: Self.workloads, implementations: RunnerFixture.implementations(.rxSink))
        for result in results {
            if result.parameter == "unlimited" {
                #expect(result.status == .ok, "\(result.detail)")
            } else {
                #expect(result.status == .unsupported)
                #expect(result.detail.contains("push only"))
            }
        }
    }
}

