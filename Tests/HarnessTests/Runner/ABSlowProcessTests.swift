import Foundation
import Harness
import StyleKit
@testable import Runner
import Testing
import Workloads

/// A process that runs far slower than the others of its side has its pair measured again
/// (``ABRunner/Settings/slowProcessFactor``). The case is the trial's miss (docs/COMPARE.md): a +12% change
/// whose 15 pairs include two whose base process ran 50% slow, which the signed-rank test cannot outvote.
/// The times are scripted, so the verdicts are exact.
struct ABSlowProcessTests {
    /// A side whose n-th measurement (0: the warm-up) takes `time(n)` ns per unit.
    private final class ScriptedSide: ABSide {
        let time: (Int) -> Double
        private(set) var measurements = 0

        init(_ time: @escaping (Int) -> Double) {
            self.time = time
        }

        func measure(
            _ request: CellRequest, workload: any Workload, implementation: Implementation
        ) throws(HarnessError) -> SideMeasurement {
            defer { measurements += 1 }
            return .measured(CellResult(workload, implementation), nanosecondsPerUnit: [time(measurements)])
        }
    }

    private static let pairs = 15
    private static let cell = ABRunner.Cell(workload: MapWorkload(), implementation: Registry.implementation(.builtin))

    /// Base processes 4 and 10 of the first pairs run 50% slow; the others take 100 ns, and every new process
    /// 112 ns, each within 1%. One look, at the 15 pairs, as `ab` judged before it measured until decided.
    private static func run(slowProcessFactor: Double) throws -> (ABRunner.Outcome, MetricComparison) {
        let slow: Set = [4, 10]
        let base = ScriptedSide { n in (slow.contains(n) ? 150 : 100) * (1 + 0.01 * sin(Double(n))) }
        let new = ScriptedSide { n in 112 * (1 + 0.01 * cos(Double(n))) }
        var settings = ABRunner.Settings(
            pairs: pairs, configuration: RunConfiguration(repetitions: 1, measuresLatency: false, noiseGate: false),
            comparison: ComparisonOptions(timeVerdicts: .paired)
        )
        settings.slowProcessFactor = slowProcessFactor
        let outcome = try ABRunner(settings: settings).run([cell], base: base, new: new)
        // The time as `ab` judges it: each side's row holds its pairs' samples, in pair order.
        let key = CellKey(workload: cell.workload.name, implementation: cell.implementation.id.rawValue)
        let before = try #require(outcome.base.first?.nanosecondsPerUnit), after = try #require(outcome.new.first?.nanosecondsPerUnit)
        let time = try #require(TimeMetric.compare(
            base: CellRecord(key: key, status: "ok", samples: before), new: CellRecord(key: key, status: "ok", samples: after),
            options: settings.comparison
        ))
        return (outcome, time)
    }

    @Test func theTwoSlowPairsAreMeasuredAgainAndTheChangeIsCaught() throws {
        let (outcome, time) = try Self.run(slowProcessFactor: 1.2)
        let replaced = outcome.pairs.filter { !$0.kept }
        #expect(replaced.map { [$0.stage, $0.index] } == [[1, 3], [1, 9]], "pairs 4 and 10: \(replaced)")
        #expect(replaced.allSatisfy { $0.base > 140 })
        let kept = outcome.pairs.filter { $0.kept }
        #expect(kept.count == Self.pairs && kept.allSatisfy { $0.new / $0.base > 1.05 })
        #expect(time.verdict == .regression, "\(time.change)")
    }

    /// The control: without measuring again, the same script is the trial's miss (then called unchanged; now the
    /// straddling interval is undecided at its one look).
    @Test func withoutMeasuringAgainTheChangeIsMissed() throws {
        let (outcome, time) = try Self.run(slowProcessFactor: .infinity)
        #expect(outcome.pairs.allSatisfy { $0.kept })
        #expect(time.verdict == .undecided, "\(time.change)")
    }

    /// The same code on both sides: the slow processes are measured again there too, and nothing changed.
    @Test func anUnchangedCellWithSlowProcessesStaysUnchanged() throws {
        let slow: Set = [2, 7, 12]
        let base = ScriptedSide { n in 100 * (1 + 0.01 * sin(Double(n))) }
        let new = ScriptedSide { n in (slow.contains(n) ? 160 : 100) * (1 + 0.01 * cos(Double(n))) }
        let settings = ABRunner.Settings(
            pairs: Self.pairs, configuration: RunConfiguration(repetitions: 1, measuresLatency: false, noiseGate: false),
            comparison: ComparisonOptions(timeVerdicts: .paired)
        )
        let outcome = try ABRunner(settings: settings).run([Self.cell], base: base, new: new)
        #expect(outcome.pairs.filter { !$0.kept }.map(\.index).sorted() == [1, 6, 11])
        #expect(outcome.new.first?.nanosecondsPerUnit.allSatisfy { $0 < 110 } == true)
    }
}
