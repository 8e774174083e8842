import Harness
import Testing

/// `instructions_per_unit` and `instructions_per_subscription` are not in schema 2 yet: compared, with a
/// relative threshold, only when both runs have them.
struct InstructionCountTests {
    private func run(instructionsPerUnit: Double?) -> SyntheticRun {
        var run = SyntheticRun(seed: 1)
        guard let instructionsPerUnit else { return run }
        run.extraColumns = ["instructions_per_unit", "instructions_per_subscription"]
        for index in run.cells.indices {
            run.cells[index].extra = ["instructions_per_unit": String(instructionsPerUnit)]
        }
        return run
    }

    private func instructionVerdicts(
        _ base: SyntheticRun, _ new: SyntheticRun, options: ComparisonOptions = ComparisonOptions()
    ) throws -> [Verdict] {
        let report = ComparisonReport(base: try base.results(), new: try new.results(), options: options)
        return report.cells.flatMap(\.metrics).filter { $0.metric.hasPrefix("instructions") }.map(\.verdict)
    }

    @Test func aRunWithoutTheColumnsComparesNoInstructions() throws {
        #expect(try instructionVerdicts(run(instructionsPerUnit: nil), run(instructionsPerUnit: 1000)) == [])
        #expect(try instructionVerdicts(run(instructionsPerUnit: 1000), run(instructionsPerUnit: nil)) == [])
    }

    @Test func emptyFieldsAreNotCompared() throws {
        let verdicts = try instructionVerdicts(run(instructionsPerUnit: 1000), run(instructionsPerUnit: 1000))
        #expect(verdicts == [Verdict](repeating: .unchanged, count: 9), "per unit only: per subscription is empty")
    }

    @Test(arguments: [(1005.0, Verdict.unchanged), (1011, .regression), (989, .improvement), (1000, .unchanged)])
    func theDefaultThresholdIsOnePercent(newCount: Double, verdict: Verdict) throws {
        let verdicts = try instructionVerdicts(run(instructionsPerUnit: 1000), run(instructionsPerUnit: newCount))
        #expect(verdicts == [Verdict](repeating: verdict, count: 9))
    }

    @Test func theThresholdIsAnOption() throws {
        let options = ComparisonOptions(instructionsThresholdPercent: 3)
        let verdicts = try instructionVerdicts(
            run(instructionsPerUnit: 1000), run(instructionsPerUnit: 1020), options: options
        )
        #expect(verdicts == [Verdict](repeating: .unchanged, count: 9))
    }
}
