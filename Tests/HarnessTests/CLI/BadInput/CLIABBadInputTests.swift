import Foundation
import Testing

/// Bad input to `ab`, given to the release tool in a working directory that is no git repository: see
/// ``BadInputCheck`` for what every case must do, and docs/BAD-INPUT.md for what each prints.
struct CLIABBadInputTests {
    static func ab(_ name: String, _ arguments: [String], mentions: [String]) -> BadInputCase {
        BadInputCase(section: "ab", name: name, shown: ["ab"] + arguments, arguments: ["ab"] + arguments, mentions: mentions)
    }

    static let cases: [BadInputCase] = [
        ab("no base", ["--new", "base"], mentions: ["--base"]),
        ab("a build that is no tool, directory or revision", ["--base", "nowhere", "--new", "nowhere"],
           mentions: ["--base 'nowhere'", "no git revision", "not in a git repository"]),
        ab("a build that is a file but no executable", ["--base", "a-file", "--new", "a-file"],
           mentions: ["--base a-file", "not an executable"]),
        ab("a directory without a tool", ["--base", "empty", "--new", "empty"],
           mentions: ["--base empty", "no reactive-bench tool"]),
        ab("an empty build name", ["--base", "", "--new", "base"], mentions: ["--base ''"]),
        ab("too few pairs", ["--base", "base", "--new", "base", "--pairs", "5"], mentions: ["--pairs", "at least 8", "got 5"]),
        ab("a pair limit below the pairs of a look", ["--base", "base", "--new", "base", "--pairs", "15", "--max-pairs", "10"],
           mentions: ["--max-pairs", "from --pairs (15) to 1000", "got 10"]),
        ab("a pair limit of thousands", ["--base", "base", "--new", "base", "--max-pairs", "5000"],
           mentions: ["--max-pairs", "to 1000", "got 5000"]),
        ab("no seconds for a cell", ["--base", "base", "--new", "base", "--max-cell-seconds", "0"],
           mentions: ["--max-cell-seconds must be a positive number of seconds (got 0)"]),
        ab("no seconds for the run", ["--base", "base", "--new", "base", "--max-seconds", "-1"],
           mentions: ["--max-seconds must be a positive number of seconds (got -1)"]),
        ab("more code layouts than the limit", ["--base", "base", "--new", "base", "--layouts", "65"],
           mentions: ["--layouts must be from 0 to 64 (got 65)"]),
        ab("a workload list naming no cell to compare", ["--base", "base", "--new", "base", "--workloads", ""],
           mentions: ["--workloads ''", "names no workload"]),
        ab("an unknown implementation to compare", ["--base", "base", "--new", "base", "--implementations", "rxSnik"],
           mentions: ["'rxSnik'", "'rxSink'"]),
        ab("a directory whose reactive-bench is a directory", ["--base", "tool-is-a-directory", "--new", "tool-is-a-directory"],
           mentions: ["--base tool-is-a-directory holds no reactive-bench tool"]),
        ab("a base that is /bin/true", ["--base", "/bin/true", "--new", "/bin/true"],
           mentions: ["--base /bin/true is not a reactive-bench tool", "printed no implementations and workloads"]),
        ab("a base that is /bin/false", ["--base", "/bin/false", "--new", "/bin/false"],
           mentions: ["--base /bin/false is not a reactive-bench tool", "exited with status 1"]),
        ab("a script that prints something else", ["--base", "not-the-tool", "--new", "not-the-tool"],
           mentions: ["not-the-tool is not a reactive-bench tool"]),
        ab("builds without cross-module optimisation", ["--base", "unspecialised-tool", "--new", "unspecialised-tool"],
           mentions: ["the --base and --new builds have no cross-module optimisation", "swift package reactive-bench run", "--allow-unspecialised"]),
        ab("elements beyond what a repetition counts, for the pairs", ["--base", "base", "--new", "base", "--elements", "9000000000000000000"],
           mentions: ["--elements must be at most 1000000000"]),
        ab("alpha 0 for the pairs", ["--base", "base", "--new", "base", "--alpha", "0"], mentions: ["--alpha"]),
    ]

    @Test(arguments: cases)
    func badInputIsOneErrorLineAndExitStatus2(_ badCase: BadInputCase) async throws {
        let printed = try await BadInputCheck.run(badCase)
        #expect(printed?.hasPrefix("error: ") != false, "\(printed ?? "")")
        BadInputCatalogue.check(badCase, printed: printed)
    }
}
