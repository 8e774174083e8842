import Foundation
import Testing

/// Bad input to `compare`, given to the release tool; the runs are ``CompareFixtures``. See
/// ``BadInputCheck`` for what every case must do, and docs/BAD-INPUT.md for what each prints.
struct CLICompareBadInputTests {
    static func compare(_ name: String, _ arguments: [String], mentions: [String]) -> BadInputCase {
        BadInputCase(
            section: "compare", name: name, shown: ["compare"] + arguments, arguments: ["compare"] + arguments,
            mentions: mentions
        )
    }

    static let cases: [BadInputCase] = [
        compare("a path that does not exist", ["base", "nowhere"], mentions: ["nowhere does not exist"]),
        compare("a directory without results.csv", ["empty", "base"], mentions: ["empty has no results.csv"]),
        compare("an unreadable results.csv", ["base", "unreadable"], mentions: ["cannot read unreadable/results.csv"]),
        compare("a regular file that is no CSV", ["base", "a-file"], mentions: ["a-file"]),
        compare("a results.csv that is /dev/zero", ["base", "dev-zero"],
                mentions: ["dev-zero/results.csv", "not a regular file"]),
        compare("a malformed CSV", ["base", "ragged"], mentions: ["ragged/results.csv", "line 3", "fields"]),
        compare("another schema version", ["schema1", "base"],
                mentions: ["schema1/results.csv", "schema_version '1'", "expected 2"]),
        compare("missing required columns", ["base", "columns"],
                mentions: ["columns/results.csv", "missing required columns", "schema_version", "allocations_per_unit"]),
        compare("a word where a number belongs", ["base", "word"],
                mentions: ["word/results.csv", "line 2", "column allocations_per_unit", "'lots'"]),
        compare("two rows for one cell", ["base", "duplicate"], mentions: ["duplicate/results.csv", "line 3", "map / builtin"]),
        compare("a newer schema version", ["schema3", "base"],
                mentions: ["schema3/results.csv", "schema_version '3'", "update reactive-bench"]),
        compare("a run without rows", ["base", "header-only"], mentions: ["header-only/results.csv", "no rows"]),
        compare("runs with no cell in common", ["base", "disjoint"],
                mentions: ["no cell in common", "scan", "classSubscription"]),
        compare("a results.csv cut at a line end", ["base", "cut-at-a-line-end"],
                mentions: ["cut-at-a-line-end/results.csv", "6 rows", "9 were written", "cut short"]),
        compare("a results.csv cut inside a row", ["base", "cut-in-a-row"],
                mentions: ["cut-in-a-row/results.csv", "line 2", "cut short"]),
        compare("an ok row with an empty count", ["base", "empty-count"],
                mentions: ["empty-count/results.csv", "line 2", "bytes_per_unit", "empty in an ok row"]),
        compare("an ok row with no samples", ["base", "empty-samples"],
                mentions: ["empty-samples/results.csv", "ns_per_unit_samples", "empty in an ok row"]),
        compare("result_rows that is not a count", ["base", "rows-not-a-count"],
                mentions: ["rows-not-a-count/results.csv", "result_rows is 'lots'", "cut short"]),
        compare("a negative count", ["base", "negative"],
                mentions: ["negative/results.csv", "allocations_per_unit", "'-1' is negative"]),
        compare("a negative time", ["base", "negative-time"],
                mentions: ["negative-time/results.csv", "ns_per_unit_samples", "'-3' is negative"]),
        compare("a time run against an instruction-count run", ["base", "instructions"],
                mentions: ["base/results.csv holds times", "instructions/results.csv instruction counts"]),
        compare("an unknown implementation", ["--implementations", "builtin", "rxSnk", "base"],
                mentions: ["'rxSnk'", "'rxSink'"]),
        compare("one implementation too few", ["--implementations", "builtin", "base"],
                mentions: ["--implementations", "A B RUN"]),
        compare("no runs", [], mentions: ["two runs", "got 0"]),
        compare("one run only", ["base"], mentions: ["two runs", "got 1"]),
        compare("three runs", ["base", "same", "slower"], mentions: ["two runs", "got 3"]),
        compare("a negative threshold", ["base", "same", "--threshold", "-5"], mentions: ["--threshold", "-5"]),
        compare("a threshold that is not a number", ["base", "same", "--threshold", "five"],
                mentions: ["--threshold", "five"]),
        compare("alpha above 1", ["base", "same", "--alpha", "1.5"], mentions: ["--alpha", "1.5"]),
        compare("alpha 0", ["base", "same", "--alpha", "0"], mentions: ["--alpha"]),
        compare("an unknown metric selection", ["base", "same", "--metrics", "time"],
                mentions: ["--metrics must be all or counts", "'time'"]),
        compare("a negative instructions threshold", ["base", "same", "--instructions-threshold", "-1"],
                mentions: ["--instructions-threshold"]),
        compare("an unknown format", ["base", "same", "--format", "html"], mentions: ["--format", "html"]),
    ]

    static func summary(_ name: String, _ arguments: [String], mentions: [String]) -> BadInputCase {
        BadInputCase(
            section: "summary", name: name, shown: ["summary"] + arguments, arguments: ["summary"] + arguments,
            mentions: mentions
        )
    }

    /// `summary`'s own inputs: the runs are the same fixtures.
    static let summaryCases: [BadInputCase] = [
        summary("--check-order against a run of another metric", ["base", "--check-order", "instructions"],
                mentions: ["--check-order", "instructions/results.csv holds instruction counts", "same metric"]),
        summary("--check-order against a run that does not exist", ["base", "--check-order", "nowhere"],
                mentions: ["nowhere does not exist"]),
        summary("--instructions given a time run", ["base", "--instructions", "same"],
                mentions: ["--instructions", "same/results.csv holds times", "run --metric instructions"]),
    ]

    @Test(arguments: cases + summaryCases)
    func badInputIsOneErrorLineAndExitStatus2(_ badCase: BadInputCase) async throws {
        let printed = try await BadInputCheck.run(badCase)
        #expect(printed?.hasPrefix("error: ") != false, "\(printed ?? "")")
        BadInputCatalogue.check(badCase, printed: printed)
    }
}
