import Implementations
import Runner
import StyleKit
import Testing
import Workloads

/// The `demand` rows count the downstream's demand traffic exactly, report their overhead against the
/// same style's `.unlimited` row (the slow-consumer rows against the slow `.unlimited` one), and are
/// `unsupported` in the push-only Rx family.
struct DemandAccountingTests {
    @Test func requestCallsAndReturnedDemandsArePerElementCounts() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let results = runner.run(
            workloads: DemandWorkload.sweep, implementations: RunnerFixture.implementations(.baseline, .structBridge, .builtin)
        )
        let expected: [String: (requests: Double, returns: Double)] = [
            "demand (unlimited)": (0, 0),
            "demand (max1Returned)": (0, 1),
            "demand (max1Requested)": (1, 0),
            "demand (batch8)": (0, 1.0 / 8),
            "demand (batch64)": (0, 1.0 / 64),
            "demand (unlimited, slowConsumer)": (0, 0),
            "demand (max1Requested, slowConsumer)": (1, 0),
        ]
        for result in results {
            let title = RunnerFixture.title(result)
            #expect(result.status == .ok, "\(title): \(result.detail)")
            #expect(result.checksum == result.expectedChecksum, "\(title)")
            guard result.family == .combine else {
                #expect(result.requestCallsPerUnit == nil && result.demandOverheadPercent == nil, "\(title)")
                continue
            }
            let counts = try #require(expected[result.workload])
            #expect(result.requestCallsPerUnit == counts.requests, "\(title)")
            // A batch boundary may fall either side of the timed region: within one return of 1/k.
            let returns = try #require(result.demandReturnsPerUnit)
            #expect(abs(returns - counts.returns) <= 1.0 / Double(result.unitsPerRepetition), "\(title): \(returns)")
            let overhead = try #require(result.demandOverheadPercent, "\(title)")
            if result.workload.hasPrefix("demand (unlimited") { #expect(overhead == 0, "\(title)") }
        }
    }

    @Test func theRxFamilyHasNoDemandToMeasure() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let results = runner.run(workloads: DemandWorkload.sweep, implementations: RunnerFixture.implementations(.rxSink))
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

