import Foundation
import Testing

/// Bad input to the tool as a whole, to `list`, to `cell` and `interleaved-cells` (the child-process ends of
/// `run`), and the tool started where its loader cannot find jemalloc. See ``BadInputCheck`` for what every
/// case must do, and docs/BAD-INPUT.md for what each prints.
struct CLIToolBadInputTests {
    static func tool(_ name: String, _ arguments: [String], mentions: [String]) -> BadInputCase {
        BadInputCase(section: "tool", name: name, shown: arguments, arguments: arguments, mentions: mentions)
    }

    static let cases: [BadInputCase] = [
        tool("a mistyped command", ["rnu"], mentions: ["unknown command 'rnu'", "'run'"]),
        tool("an unknown command", ["benchmark"], mentions: ["unknown command 'benchmark'", "list, run, merge, summary, estimate, compare"]),
        tool("an unknown option before the command", ["--fast", "run"], mentions: ["--fast"]),
        tool("list with an argument", ["list", "map"], mentions: ["'map'"]),
        tool("list with an unknown option", ["list", "--all"], mentions: ["--all"]),
        tool("cell without its options", ["cell"], mentions: ["--request"]),
        tool("cell with a request that does not exist", ["cell", "--request", "nowhere.json", "--result", "out.json"],
             mentions: ["nowhere.json"]),
        tool("cell with a request that is no JSON", ["cell", "--request", "a-file", "--result", "out.json"],
             mentions: ["a-file"]),
        tool("cell with a request naming an unknown workload",
             ["cell", "--request", "unknown-workload.json", "--result", "out.json"],
             mentions: ["unknown workload 'mapp'", "unknown-workload.json"]),
        tool("cell with a request of 0 batches", ["cell", "--request", "zero-batches.json", "--result", "out.json"],
             mentions: ["zero-batches.json", "batches must be at least 1 (got 0)"]),
        tool("cell with a request of -1 batches", ["cell", "--request", "negative-batches.json", "--result", "out.json"],
             mentions: ["negative-batches.json", "batches must be at least 1 (got -1)"]),
        tool("interleaved-cells without its options", ["interleaved-cells"], mentions: ["--request"]),
        tool("interleaved-cells with a request naming an unknown workload",
             ["interleaved-cells", "--request", "unknown-interleaved.json", "--result", "out.json"],
             mentions: ["unknown workload 'mapp'", "unknown-interleaved.json"]),
        tool("interleaved-cells with an instruction run's request",
             ["interleaved-cells", "--request", "counted-interleaved.json", "--result", "out.json"],
             mentions: ["counted-interleaved.json", "a time run only"]),
        BadInputCase(
            section: "tool", name: "jemalloc missing at run time", shown: ["list"], arguments: ["list"],
            mentions: [ToolWithoutJemalloc.absent, "cannot open shared object file"],
            environment: ["LD_PRELOAD": ""], tool: .withoutJemalloc, exitStatus: 127
        ),
    ]

    @Test(arguments: cases)
    func badInputIsOneErrorLineAndANonZeroExit(_ badCase: BadInputCase) async throws {
        let printed = try await BadInputCheck.run(badCase)
        BadInputCatalogue.check(badCase, printed: printed)
    }
}
