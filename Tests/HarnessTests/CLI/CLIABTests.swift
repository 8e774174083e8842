import Foundation
import Harness
import Runner
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

    /// The same build twice: never a change, and unchanged unless the machine is too loaded for 24 pairs to
    /// rule one out (then undecided, exit status 4); every pair is in pairs.csv, in stages of --pairs.
    @Test func theSameBuildTwiceIsNotChangedAndBothSidesSamplesAreKeptInPairOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let (base, new) = try twoTools(in: directory) else { return }
        let outcome = try await ToolProcess.run(
            base, ["ab", "--base", base, "--new", new, "--workloads", "map", "--implementations", "baseline,builtin",
                   "--quick", "--pairs", "8", "--max-pairs", "24", "--all", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300)
        )
        let decided = outcome.standardOutput.hasSuffix("verdict: no regression (2 cells: 2 unchanged)\n")
        let undecided = outcome.standardOutput.contains("\nverdict: undecided (2 cells: ")
        #expect(outcome.exitedNormally && outcome.exitStatus == (decided ? 0 : 4), "\(outcome)")
        #expect(decided || undecided, "\(outcome)")
        #expect(outcome.standardOutput.contains("in looks of 8 pairs up to 24 until one decides"), "\(outcome)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs"))
        let run = directory.appending("runs/\(try #require(runs.first))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: run).sorted() == ["base", "comparison.csv", "new", "pairs.csv"])
        let pairs = try CSVTable.read(from: "\(run)/pairs.csv")
        #expect(pairs.header == ABRunner.Pair.schema.header)
        // A pair with a slow process is measured again: its first row says kept false, the fresh one follows.
        let kept = pairs.rows.filter { $0[pairs.column("kept")!] == "true" }
        let comparison = try CSVTable.read(from: "\(run)/comparison.csv")
        for implementation in ["baseline", "builtin"] {
            let cell = kept.filter { $0[0] == "map" && $0[1] == implementation }
            #expect([8, 16, 24].contains(cell.count), "stages of 8 pairs, up to 24: \(cell.count)")
            #expect(cell.map { $0[pairs.column("stage")!] } == cell.indices.map { String($0 / 8 + 1) })
            let time = try #require(comparison.rows.first { $0[2] == implementation && $0[3] == "ns_per_unit" })
            #expect(time[comparison.column("pairs")!] == String(cell.count) && time[comparison.column("looks")!] == String(cell.count / 8))
            #expect(["unchanged", "undecided"].contains(time[comparison.column("metric_verdict")!]))
        }
        #expect(pairs.rows.count - kept.count <= 2 * 6, "at most a quarter of each stage's pairs measured again")
        for side in ["base", "new"] {
            let table = try CSVTable.read(from: "\(run)/\(side)/results.csv")
            let samples = table.rows.map { $0[table.column("ns_per_unit_samples")!].split(separator: ";") }
            let perCell = ["baseline", "builtin"].map { implementation in kept.count(where: { $0[1] == implementation }) }
            #expect(samples.map(\.count) == perCell, "\(side): one sample per pair")
            let column = pairs.column("\(side)_ns_per_unit")!
            let logged = kept.filter { $0[0] == "map" && $0[1] == "baseline" }.sorted { Int($0[3])! < Int($1[3])! }.map { $0[column] }
            #expect(samples.first?.map(String.init) == logged, "\(side): in pair order")
            let environment = try CSVTable.read(from: "\(run)/\(side)/environment.csv")
            #expect(environment.rows.contains(["ab_side", side]) && environment.rows.contains(["run_complete", "true"]))
            #expect(environment.rows.contains(["ab_pairs", "8"]) && environment.rows.contains(["ab_max_pairs", "24"]))
            #expect(environment.rows.contains(["ab_layouts", "0"]), "the copy cannot be linked again, so neither side is")
        }
        #expect(outcome.errorLines.contains { $0.hasPrefix("[reactive-bench] warning: --new cannot be linked again (no SwiftPM build manifest") }, "\(outcome)")
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

    /// A build SwiftPM linked is linked again in `--layouts` code layouts, one per round in turn.
    @Test func aPackagesBuildRunsInShuffledLayouts() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(
            tool, ["ab", "--base", tool, "--new", tool, "--workloads", "map", "--implementations", "baseline", "--quick",
                   "--pairs", "8", "--max-pairs", "8", "--layouts", "2", "--metrics", "counts", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300)
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.errorLines.contains { $0.contains("linking each build again in 2 code layouts (lld --shuffle-sections)") }, "\(outcome)")
        #expect(!outcome.errorLines.contains { $0.contains("warning") }, "\(outcome)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs"))
        let environment = try CSVTable.read(from: directory.appending("runs/\(try #require(runs.first))/new/environment.csv"))
        #expect(environment.rows.contains(["ab_layouts", "2"]))
    }

    /// A cell whose pairs cannot decide at the limit is undecided, with its interval and pairs, and `ab` exits
    /// with 4. At alpha 0.001 eight pairs can never decide (all eight of one sign have p = 2/256), so this is
    /// so whatever the machine does.
    @Test func aCellUndecidedAtItsLimitIsUndecidedWithExitStatusFour() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let (base, new) = try twoTools(in: directory) else { return }
        let outcome = try await ToolProcess.run(
            base, ["ab", "--base", base, "--new", new, "--workloads", "map", "--implementations", "baseline", "--quick",
                   "--pairs", "8", "--max-pairs", "8", "--alpha", "0.001", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300)
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 4, "\(outcome)")
        #expect(outcome.standardOutput.hasSuffix("verdict: undecided (1 cell: 1 undecided)\n"), "\(outcome)")
        let line = outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("undecided") && $0.contains("ns_per_unit") }
        #expect(line?.contains("%, +") == true || line?.contains("%, -") == true, "its interval: \(outcome)")
        #expect(line?.hasSuffix("8 pairs, 1 look)") == true, "\(outcome)")
        #expect(outcome.errorLines.contains { $0.contains("look 1: 1 cell undecided (1 at 8 pairs: left undecided)") }, "\(outcome)")
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
