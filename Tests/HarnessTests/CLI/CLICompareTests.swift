import Foundation
import Testing

/// `reactive-bench compare` through the release tool: exit status 0 when nothing regressed, 1 when a cell
/// did; the report on stdout, nothing on stderr.
struct CLICompareTests {
    private func compare(_ arguments: [String]) async throws -> ToolOutcome? {
        guard let tool = ToolBinary.release() else { return nil }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try CompareFixtures.write(into: directory)
        return try await ToolProcess.run(tool, ["compare"] + arguments, in: directory.path, timeLimit: .seconds(60))
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func identicalRunsExitWith0() async throws {
        guard let outcome = try await compare(["base", "same"]) else { return }
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        #expect(lines(outcome.standardOutput).contains("no cell changed"), "\(outcome)")
        #expect(lines(outcome.standardOutput).last == "verdict: no regression (9 cells: 9 unchanged)", "\(outcome)")
    }

    @Test func aRegressionExitsWith1AndIsListed() async throws {
        guard let outcome = try await compare(["base/results.csv", "slower/results.csv"]) else { return }
        #expect(outcome.exitedNormally && outcome.exitStatus == 1, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let row = lines(outcome.standardOutput).first { $0.hasPrefix("regression") }
        #expect(row?.split(separator: " ") == ["regression", "map", "builtin", "allocations_per_unit", "0", "1", "+1"])
        #expect(lines(outcome.standardOutput).last?.hasPrefix("verdict: regression") == true, "\(outcome)")
    }

    /// A new run that lost cells of the base fails, naming them, unless the comparison was narrowed on
    /// purpose; the other way round (cells only in new) passes.
    @Test func aRunThatLostCellsExitsWith1UnlessOnlyCommon() async throws {
        guard let lost = try await compare(["base", "one-cell"]),
            let narrowed = try await compare(["base", "one-cell", "--only-common"]),
            let grown = try await compare(["one-cell", "base"])
        else { return }
        #expect(lost.exitedNormally && lost.exitStatus == 1, "\(lost)")
        let output = lines(lost.standardOutput)
        #expect(output.contains { $0.hasPrefix("error: the new run lacks 8 of the base's 9 cells (") }, "\(lost)")
        #expect(output.last == "verdict: missing cells (9 cells: 8 only in base, 1 unchanged)", "\(lost)")
        #expect(narrowed.exitedNormally && narrowed.exitStatus == 0, "\(narrowed)")
        #expect(lines(narrowed.standardOutput).last
            == "verdict: no regression (9 cells: 8 only in base, 1 unchanged; --only-common: 8 only in base, not judged)")
        #expect(grown.exitedNormally && grown.exitStatus == 0, "\(grown)")
    }

    /// An order check that checked nothing (the reference shares no significantly different pair) is
    /// no pass.
    @Test func summaryCheckOrderThatChecksNothingExitsWith1() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try CompareFixtures.write(into: directory)
        let outcome = try await ToolProcess.run(
            tool, ["summary", "base", "--check-order", "one-cell"], in: directory.path, timeLimit: .seconds(60)
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 1, "\(outcome)")
        #expect(lines(outcome.standardOutput).last == "0 significantly different pairs checked against one-cell: 0 reversed", "\(outcome)")
        #expect(outcome.errorLines == ["error: no significantly different pair of base is in one-cell: nothing was checked"], "\(outcome)")
    }

    /// Two runs on processors of one name but another family, model or cache are told apart, in compare
    /// and in summary's order check, each naming what differs.
    @Test func anotherProcessorIsAWarningInCompareAndTheOrderCheck() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try CompareFixtures.write(into: directory)
        let warning = "warning: the hardware differs (cpu_family base 25, new 26; cpu_model_number base 17, new 2; "
            + "cache_l1d base 32K 8-way 64B, new 48K 12-way 64B): times measured on different processors are not comparable"
        let compared = try await ToolProcess.run(tool, ["compare", "base", "other-processor"], in: directory.path, timeLimit: .seconds(60))
        #expect(compared.exitedNormally && compared.exitStatus == 0, "\(compared)")
        #expect(lines(compared.standardOutput).contains(warning), "\(compared)")
        let ordered = try await ToolProcess.run(
            tool, ["summary", "other-processor", "--check-order", "base"], in: directory.path, timeLimit: .seconds(60)
        )
        #expect(ordered.exitedNormally && ordered.exitStatus == 0, "\(ordered)")
        #expect(ordered.errorLines == [Substring(warning)], "\(ordered)")
        let same = try await ToolProcess.run(tool, ["compare", "base", "same"], in: directory.path, timeLimit: .seconds(60))
        #expect(!same.standardOutput.contains("hardware"), "\(same)")
    }

    @Test func markdownIsAVerdictLineAndATable() async throws {
        guard let outcome = try await compare(["base", "slower", "--format", "markdown"]) else { return }
        #expect(outcome.exitedNormally && outcome.exitStatus == 1, "\(outcome)")
        let output = lines(outcome.standardOutput)
        #expect(output.first == "**reactive-bench compare: regression** (9 cells: 1 regression, 8 unchanged)")
        #expect(output.contains("| verdict | workload | implementation | metric | base | new | change |"))
        #expect(output.contains("| regression | map | builtin | allocations_per_unit | 0 | 1 | +1 |"))
    }

    @Test func allListsEveryCellAndOptionsAreApplied() async throws {
        let arguments = ["base", "same", "--all", "--threshold", "10", "--alpha", "0.05", "--instructions-threshold", "2"]
        guard let outcome = try await compare(arguments) else { return }
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(lines(outcome.standardOutput).filter { $0.hasPrefix("unchanged ") }.count > 9, "\(outcome)")
        #expect(outcome.standardOutput.contains("more than 10% and Mann-Whitney U gives p < 0.05"), "\(outcome)")
        #expect(outcome.standardOutput.contains("(instructions: 2%)"), "\(outcome)")
    }

    /// A run built without cross-module optimisation (its rows ran unspecialised) is compared with a
    /// specialised one only when told so; then the difference is a warning, not a regression.
    @Test func anUnspecialisedBuildIsRefusedUnlessAllowed() async throws {
        guard let refused = try await compare(["base", "other-build"]),
            let allowed = try await compare(["base", "other-build", "--allow-unspecialised"])
        else { return }
        #expect(refused.exitedNormally && refused.exitStatus == 2, "\(refused)")
        #expect(refused.standardOutput.isEmpty, "\(refused)")
        #expect(lines(refused.standardError) == [
            "error: in the new run every row (its build had no cross-module optimisation) ran unspecialised, in the other "
                + "run specialised: their numbers are not comparable (measure both with `swift package reactive-bench run`, "
                + "or pass --allow-unspecialised to compare them anyway)",
        ], "\(refused)")
        #expect(allowed.exitedNormally && allowed.exitStatus == 0, "\(allowed)")
        #expect(lines(allowed.standardOutput).contains {
            $0.hasPrefix("warning: cross_module_optimization differs (base true, new false)")
        }, "\(allowed)")
    }

    @Test(arguments: [["--implementations", "builtin", "rxSink", "base"], ["base", "--implementations", "builtin,rxSink"]])
    func implementationsInsideOneRun(_ arguments: [String]) async throws {
        guard let outcome = try await compare(arguments) else { return }
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        let output = lines(outcome.standardOutput)
        #expect(output.first?.hasPrefix("rxSink over builtin in base/results.csv") == true, "\(outcome)")
        #expect(output.filter { ["floor ", "map ", "subscribeChurn "].contains(where: $0.hasPrefix) }.count == 3)
        #expect(output.contains { $0.hasPrefix("geometric mean of rxSink/builtin: 1.2") }, "\(outcome)")
    }
}
