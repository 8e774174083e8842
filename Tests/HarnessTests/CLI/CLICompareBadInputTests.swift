import Foundation
import Testing

/// Bad input to `compare`, given to the release tool: exit status 2, one line on stderr that starts with
/// `error:` and names the problem, nothing on stdout, no crash. The runs are `CompareFixtures`.
struct CLICompareBadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// What the error line must mention.
        var mentions: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a path that does not exist", arguments: ["base", "nowhere"], mentions: ["nowhere does not exist"]),
        Case(name: "a directory without results.csv", arguments: ["empty", "base"],
             mentions: ["empty has no results.csv"]),
        Case(name: "an unreadable results.csv", arguments: ["base", "unreadable"],
             mentions: ["cannot read unreadable/results.csv"]),
        Case(name: "a malformed CSV", arguments: ["base", "ragged"],
             mentions: ["ragged/results.csv", "line 3", "fields"]),
        Case(name: "another schema version", arguments: ["schema1", "base"],
             mentions: ["schema1/results.csv", "schema_version '1'", "expected 2"]),
        Case(name: "missing required columns", arguments: ["base", "columns"],
             mentions: ["columns/results.csv", "missing required columns", "schema_version", "allocations_per_unit"]),
        Case(name: "a word where a number belongs", arguments: ["base", "word"],
             mentions: ["word/results.csv", "line 2", "column allocations_per_unit", "'lots'"]),
        Case(name: "two rows for one cell", arguments: ["base", "duplicate"],
             mentions: ["duplicate/results.csv", "line 3", "map / builtin"]),
        Case(name: "an unknown implementation", arguments: ["--implementations", "builtin", "rxSnk", "base"],
             mentions: ["'rxSnk'", "'rxSink'"]),
        Case(name: "one implementation too few", arguments: ["--implementations", "builtin", "base"],
             mentions: ["--implementations", "A B RUN"]),
        Case(name: "one run only", arguments: ["base"], mentions: ["two runs", "got 1"]),
        Case(name: "a negative threshold", arguments: ["base", "same", "--threshold", "-5"],
             mentions: ["--threshold", "-5"]),
        Case(name: "a threshold that is not a number", arguments: ["base", "same", "--threshold", "five"],
             mentions: ["--threshold", "five"]),
        Case(name: "alpha above 1", arguments: ["base", "same", "--alpha", "1.5"], mentions: ["--alpha", "1.5"]),
        Case(name: "an unknown metric selection", arguments: ["base", "same", "--metrics", "time"],
             mentions: ["--metrics must be all or counts", "'time'"]),
        Case(name: "alpha 0", arguments: ["base", "same", "--alpha", "0"], mentions: ["--alpha"]),
        Case(name: "a negative instructions threshold", arguments: ["base", "same", "--instructions-threshold", "-1"],
             mentions: ["--instructions-threshold"]),
        Case(name: "an unknown format", arguments: ["base", "same", "--format", "html"], mentions: ["--format", "html"]),
    ]

    @Test(arguments: cases)
    func badInputIsOneErrorLineAndExitStatus2(_ badCase: Case) async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try CompareFixtures.write(into: directory)

        let outcome = try await ToolProcess.run(
            tool, ["compare"] + badCase.arguments, in: directory.path, timeLimit: .seconds(60)
        )
        #expect(outcome.exitedNormally, "no crash, no hang: \(outcome)")
        #expect(outcome.exitStatus == 2, "bad input exits with 2: \(outcome)")
        #expect(outcome.errorLines.count == 1, "one line on stderr: \(outcome)")
        for trace in ["Fatal error", "Stack dump", "Backtrace", "Current stack trace"] {
            #expect(!outcome.standardError.contains(trace), "no stack trace: \(outcome)")
        }
        let line = outcome.errorLines.first ?? ""
        #expect(line.hasPrefix("error:") || line.hasPrefix("Error:"), "\(outcome)")
        for mention in badCase.mentions {
            #expect(line.contains(mention), "the error names \(mention): \(line)")
        }
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
    }
}
