import Foundation
import Testing

/// Bad input to `merge`, given to the release tool; the shards are ``ShardFixtures``. Every check comes
/// before the merged run directory is made: see ``BadInputCheck`` for what every case must do (nothing
/// written), and docs/BAD-INPUT.md for what each prints.
struct CLIMergeBadInputTests {
    static func merge(_ name: String, _ arguments: [String], mentions: [String]) -> BadInputCase {
        BadInputCase(
            section: "merge", name: name, shown: ["merge"] + arguments, arguments: ["merge"] + arguments,
            mentions: mentions
        )
    }

    /// Shards 1 and 2 of the run, which go with `shard-3` and with nothing else.
    static let firstTwo = ["shard-1", "shard-2"]

    static let cases: [BadInputCase] = [
        merge("no shards", [], mentions: ["got none"]),
        merge("a shard missing", firstTwo, mentions: ["shard 3/3 is missing", "given: 1/3, 2/3"]),
        merge("the same shard twice", firstTwo + ["shard-3", "shard-2"],
              mentions: ["shard-2 and shard-2 are both shard 2/3"]),
        merge("two shards holding the same cell", ["shard-1", "overlapping-2", "shard-3"],
              mentions: ["floor / baseline is in two shards", "shard-1", "overlapping-2"]),
        merge("shards of different N", ["shard-1", "half-1"], mentions: ["shard 1/3", "half-1 shard 1/2"]),
        merge("shards of different selections", firstTwo + ["other-selection-3"],
              mentions: ["different selections", "shard_workloads"]),
        merge("shards of different commits", firstTwo + ["other-commit-3"],
              mentions: ["different builds", "git_commit 'a' and 'b'"]),
        merge("shards of different build flags", firstTwo + ["other-flags-3"],
              mentions: ["different builds", "cross_module_optimization 'true' and 'false'"]),
        merge("shards of different schema versions", firstTwo + ["schema3-3"],
              mentions: ["schema_version 2", "schema3-3 3"]),
        merge("shards of different metrics", firstTwo + ["instructions-3"],
              mentions: ["holds times", "instructions-3 instruction counts"]),
        merge("an incomplete shard", firstTwo + ["incomplete-3"], mentions: ["incomplete-3 is incomplete"]),
        merge("a directory that is not a run", firstTwo + ["empty"], mentions: ["empty is not a run directory"]),
        merge("a file that is not a run", ["a-file"], mentions: ["a-file is not a run directory"]),
        merge("a shard path that does not exist", firstTwo + ["nowhere"], mentions: ["nowhere does not exist"]),
        merge("a run that is not a shard", ["base"], mentions: ["base is not a shard"]),
        merge("a label with a slash", firstTwo + ["shard-3", "--label", "a/b"], mentions: ["--label", "'a/b'"]),
        merge("the merged run under a regular file", firstTwo + ["shard-3", "--output", "a-file"],
              mentions: ["cannot create a run directory under a-file"]),
    ]

    @Test(arguments: cases)
    func badInputIsOneErrorLineAndExitStatus2(_ badCase: BadInputCase) async throws {
        let printed = try await BadInputCheck.run(badCase)
        #expect(printed?.hasPrefix("error: ") != false, "\(printed ?? "")")
        BadInputCatalogue.check(badCase, printed: printed)
    }
}
