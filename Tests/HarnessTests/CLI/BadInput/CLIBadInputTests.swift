import Foundation
import Testing

/// Bad input to `run`, given to the release tool (a debug tool refuses `run` before it looks at its
/// input): see ``BadInputCheck`` for what every case must do, and docs/BAD-INPUT.md for what each prints.
struct CLIBadInputTests {
    /// Valid options that keep the run tiny should a bad value ever be accepted.
    static let safeDefaults = [
        ("--workloads", "map"), ("--implementations", "baseline"), ("--elements", "1000"), ("--repetitions", "1"),
        ("--output", "runs"), ("--label", "bad-input"),
    ]

    /// A `run` case: `bad` replaces the defaults of the options it names and comes last.
    static func run(
        _ name: String, _ bad: [String], mentions: [String], environment: [String: String] = [:]
    ) -> BadInputCase {
        let options = safeDefaults.filter { !bad.contains($0.0) }.flatMap { [$0.0, $0.1] }
        return BadInputCase(
            section: "run", name: name, shown: ["run"] + bad, arguments: ["run", "--no-latency"] + options + bad,
            mentions: mentions, environment: environment
        )
    }

    static let cases: [BadInputCase] = [
        run("unknown implementation", ["--implementations", "structbrige"], mentions: ["'structbrige'", "'structBridge'"]),
        run("unknown workload", ["--workloads", "mapFilterScna"], mentions: ["'mapFilterScna'", "'mapFilterScan'"]),
        run("workload glob matching nothing", ["--workloads", "zz*"], mentions: ["no workload matches 'zz*'"]),
        run("implementation glob matching nothing", ["--implementations", "*Sbuscription"],
            mentions: ["no implementation matches '*Sbuscription'"]),
        run("one unknown name in a list", ["--workloads", "map,nope"], mentions: ["'nope'"]),
        run("a workload list naming nothing", ["--workloads", ""], mentions: ["--workloads ''", "names no workload"]),
        run("an implementation list naming nothing", ["--implementations", ",,"],
            mentions: ["--implementations ',,'", "names no implementation"]),
        run("zero repetitions", ["--repetitions", "0"], mentions: ["--repetitions", "got 0"]),
        run("negative repetitions", ["--repetitions", "-3"], mentions: ["--repetitions", "-3"]),
        run("repetitions not a number", ["--repetitions", "many"], mentions: ["'many'", "--repetitions"]),
        run("zero elements", ["--elements", "0"], mentions: ["--elements", "got 0"]),
        run("negative elements", ["--elements", "-5"], mentions: ["--elements", "-5"]),
        run("elements not a number", ["--elements", "abc"], mentions: ["--elements", "abc"]),
        run("elements beyond Int", ["--elements", "99999999999999999999"], mentions: ["--elements", "99999999999999999999"]),
        run("fewer elements than timed batches", ["--elements", "1"], mentions: ["--elements", "at least 10", "got 1"]),
        run("elements beyond what a repetition counts", ["--elements", "9223372036854775807"],
            mentions: ["--elements must be at most 1000000000", "got 9223372036854775807"]),
        run("elements beyond what a repetition counts, in process", ["--in-process", "--elements", "9223372036854775807"],
            mentions: ["--elements must be at most 1000000000"]),
        run("zero cell timeout", ["--cell-timeout", "0"], mentions: ["--cell-timeout", "got 0"]),
        run("negative cell timeout", ["--cell-timeout", "-1"], mentions: ["--cell-timeout", "-1"]),
        run("cell timeout not a number", ["--cell-timeout", "soon"], mentions: ["--cell-timeout", "'soon'"]),
        run("cell timeout infinite", ["--cell-timeout", "inf"], mentions: ["--cell-timeout", "inf"]),
        run("cell timeout in process", ["--in-process", "--cell-timeout", "5"], mentions: ["--cell-timeout", "--in-process"]),
        run("prices in process", ["--in-process", "--prices"], mentions: ["--prices", "--in-process"]),
        run("prices of a shard", ["--shard", "1/2", "--prices"], mentions: ["--prices", "--shard"]),
        run("simulation of a time run", ["--simulate"], mentions: ["--simulate", "--metric instructions"]),
        run("missing value", ["--workloads"], mentions: ["--workloads"]),
        run("a value given to a flag", ["--quick=yes"], mentions: ["--quick", "yes"]),
        run("empty label", ["--label", ""], mentions: ["--label"]),
        run("label with a slash", ["--label", "a/b"], mentions: ["a/b"]),
        run("label with a line break", ["--label", "a\nb"], mentions: ["--label", "control characters", "'a\\nb'"]),
        run("output under a regular file", ["--output", "a-file/runs"], mentions: ["a-file/runs"]),
        run("output is a regular file", ["--output", "a-file"], mentions: ["a-file", "not a directory"]),
        run("output with a line break", ["--output", "runs\nmore"], mentions: ["'runs\\nmore'", "control character"]),
        // Root may write anywhere chmod allows; procfs and sysfs refuse new directories even to root.
        run("output where nothing can be created (procfs)", ["--output", "/proc/reactive-bench-runs"],
            mentions: ["/proc/reactive-bench-runs"]),
        run("output on a read-only file system (sysfs)", ["--output", "/sys/reactive-bench-runs"],
            mentions: ["/sys/reactive-bench-runs"]),
        run("unknown option", ["--bogus", "1"], mentions: ["--bogus"]),
        run("shard 0 of N", ["--shard", "0/3"], mentions: ["--shard 0/3", "between 1 and 3"]),
        run("shard beyond N", ["--shard", "4/3"], mentions: ["--shard 4/3", "between 1 and 3"]),
        run("shard of 0 shards", ["--shard", "1/0"], mentions: ["--shard 1/0", "N must be at least 1"]),
        run("shard that is not numbers", ["--shard", "a/b"], mentions: ["--shard", "whole numbers", "'a/b'"]),
        run("shard without a slash", ["--shard", "3"], mentions: ["--shard must be K/N", "'3'"]),
        // The scratch directory is made before the run directory: nothing is left behind.
        run("a temporary directory that cannot be made (TMPDIR=/nonexistent)", [],
            mentions: ["cannot create a temporary directory under /nonexistent"], environment: ["TMPDIR": "/nonexistent"]),
        // glibc's debugging malloc, preloaded, serves malloc while the tool still loads jemalloc.
        run("jemalloc loaded but not the allocator", [], mentions: ["jemalloc is not the process allocator"],
            environment: ["LD_PRELOAD": "/usr/lib/\(ToolWithoutJemalloc.multiarch)/libc_malloc_debug.so.0"]),
    ]

    @Test(arguments: cases)
    func badInputIsOneErrorLineAndExitStatus2(_ badCase: BadInputCase) async throws {
        let printed = try await BadInputCheck.run(badCase)
        #expect(printed?.hasPrefix("error: ") != false, "\(printed ?? "")")
        BadInputCatalogue.check(badCase, printed: printed)
    }
}
