import Foundation
import Harness
import Testing

/// `reactive-bench ab` through the release tool: what it writes and prints, and a cell one build lacks.
/// The verdicts on planted changes are `PlantedABTests` (fast, in one process) and
/// scripts/trial-time-verdicts (two real builds).
struct CLIABTests {
    /// A copy of the release tool, so that the two sides are two executables, as two builds would be.
    private func twoTools(in directory: TemporaryDirectory) throws -> (base: String, new: String)? {
        guard let tool = ToolBinary.release() else { return nil }
        let copy = directory.appending("new-reactive-bench")
        try FileManager.default.copyItem(atPath: tool, toPath: copy)
        return (tool, copy)
    }

    /// Both sides crash on every cell (the test-only `fault (crash)`): no verdict, one line, exit status 2.
    @Test func aSideThatMeasuredNothingIsAnErrorNotNoRegression() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let (base, new) = try twoTools(in: directory) else { return }
        let outcome = try await ToolProcess.run(
            base, ["ab", "--base", base, "--new", new, "--workloads", "fault (crash)", "--implementations", "structBridge",
                   "--quick", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300), environment: ["REACTIVE_BENCH_TEST_FAULTS": "1"]
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 2, "\(outcome)")
        #expect(outcome.errorLines.last?.hasPrefix("error: the base side measured nothing: of its 1 cells 1 crashed") == true, "\(outcome)")
        #expect(!outcome.standardOutput.contains("verdict:"), "\(outcome)")
    }

    @Test func theSameBuildTwiceIsUnchangedAndBothSidesSamplesAreKeptInPairOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let (base, new) = try twoTools(in: directory) else { return }
        let outcome = try await ToolProcess.run(
            base, ["ab", "--base", base, "--new", new, "--workloads", "map", "--implementations", "baseline,builtin",
                   "--quick", "--pairs", "8", "--all", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300)
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.standardOutput.hasSuffix("verdict: no regression (2 cells: 2 unchanged)\n"), "\(outcome)")
        #expect(outcome.standardOutput.contains("Wilcoxon signed-rank"), "\(outcome)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs"))
        let run = directory.appending("runs/\(try #require(runs.first))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: run).sorted() == ["base", "comparison.csv", "new", "pairs.csv"])
        let pairs = try CSVTable.read(from: "\(run)/pairs.csv")
        // A pair with a slow process is measured again: its first row says kept false, the fresh one follows.
        let kept = pairs.rows.filter { $0[pairs.column("kept")!] == "true" }
        #expect(kept.count == 16, "8 pairs of 2 cells (none confirmed)")
        #expect(pairs.rows.count - kept.count <= 2 * 2, "at most a quarter of each cell's pairs measured again")
        for side in ["base", "new"] {
            let table = try CSVTable.read(from: "\(run)/\(side)/results.csv")
            let samples = table.rows.map { $0[table.column("ns_per_unit_samples")!].split(separator: ";") }
            #expect(samples.map(\.count) == [8, 8], "\(side): one sample per pair")
            let column = pairs.column("\(side)_ns_per_unit")!
            let logged = kept.filter { $0[0] == "map" && $0[1] == "baseline" }.sorted { Int($0[3])! < Int($1[3])! }.map { $0[column] }
            #expect(samples.first?.map(String.init) == logged, "\(side): in pair order")
            let environment = try CSVTable.read(from: "\(run)/\(side)/environment.csv")
            #expect(environment.rows.contains(["ab_side", side]) && environment.rows.contains(["run_complete", "true"]))
        }
        // Each side says what it was built from, as far as can be known: the package's own build its work
        // tree's commit and state, the copy outside any work tree nothing.
        func value(_ side: String, _ key: String) throws -> String? {
            try CSVTable.read(from: "\(run)/\(side)/environment.csv").rows.first { $0.first == key }?.last
        }
        #expect(try value("base", "git_tree_dirty").map { ["true", "false"].contains($0) } == true)
        #expect(try value("base", "git_commit")?.count == 40)
        #expect(try value("new", "git_commit") == "unknown" && value("new", "git_tree_dirty") == "unknown")
        let compared = try await ToolProcess.run(base, ["compare", "\(run)/base", "\(run)/new"], in: directory.path)
        #expect(compared.exitStatus == 0, "the sides are ordinary runs to compare: \(compared)")
    }

    /// A workload the base build does not have (its `cell` refuses the request) is in the new side only.
    @Test func aCellTheBaseBuildLacksIsOnlyInNew() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let (tool, new) = try twoTools(in: directory) else { return }
        let base = directory.appending("base-without-faults")
        try "#!/bin/sh\nexec env -u REACTIVE_BENCH_TEST_FAULTS '\(tool)' \"$@\"\n".write(toFile: base, atomically: false, encoding: .utf8)
        chmod(base, 0o755)
        let outcome = try await ToolProcess.run(
            tool, ["ab", "--base", base, "--new", new, "--workloads", "map,fault (leak)", "--implementations", "baseline",
                   "--quick", "--pairs", "8", "--metrics", "counts", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300), environment: ["REACTIVE_BENCH_TEST_FAULTS": "1"]
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("only-in-new"), "\(outcome)")
        #expect(outcome.standardOutput.hasSuffix("verdict: no regression (2 cells: 1 only in new, 1 unchanged)\n"), "\(outcome)")
    }
}
