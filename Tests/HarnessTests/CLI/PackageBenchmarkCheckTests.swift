import Foundation
import Testing

/// The comparison behind `scripts/package-benchmark --check` (scripts/plotting/package_benchmark.py), on
/// fixtures: a ReactiveBench results.csv and a package-benchmark jmh export whose counts agree, disagree
/// or are missing. The real agreement of the two tools is `scripts/package-benchmark --check` in
/// scripts/test.
struct PackageBenchmarkCheckTests {
    static let results = """
        workload,implementation,unit,status,allocations_per_unit,allocations_per_subscription
        map (object),builtin,element,ok,1,6
        withLatestFrom (10),classSubscription,element,ok,0.1,13
        subscribeChurn (4),rxSink,subscription,ok,16,16
        withLatestFrom (10),builtin,element,unsupported,,

        """

    /// A jmh element: per-iteration `Malloc (total)` from `low` to `high`, and `Malloc (per subscription)`.
    static func element(_ key: String, total: (low: Int, high: Int), subscription: Int) -> String {
        let name = "package.benchmark.ReactiveBenchSuite." + key.replacingOccurrences(of: " ", with: "_")
        return """
            {"benchmark": "\(name)", "secondaryMetrics": {
              "Malloc (total)": {"scorePercentiles": {"0.0": \(total.low), "50.0": \(total.low), "100.0": \(total.high)}},
              "Malloc (per subscription)": {"scorePercentiles": {"0.0": \(subscription), "100.0": \(subscription)}}
            }}
            """
    }

    static let agreeing = [
        element("map (object)/builtin", total: (1000, 1000), subscription: 6),
        element("withLatestFrom (10)/classSubscription", total: (100, 100), subscription: 13),
        element("subscribeChurn (4)/rxSink", total: (16000, 16000), subscription: 2),
    ]

    @Test func countsThatAgreeExitZero() async throws {
        let outcome = try await check(exported: Self.agreeing)
        #expect(outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("5 agree (5 exactly, 0 within"), "\(outcome)")
        #expect(outcome.standardOutput.contains("0 disagree (3 cells)"), "\(outcome)")
        #expect(!outcome.standardOutput.contains("withLatestFrom (10)/builtin"), "unsupported cells are not compared")
    }

    @Test func elevenAllocationsMoreInEveryIterationIsADisagreement() async throws {
        var exported = Self.agreeing
        exported[0] = Self.element("map (object)/builtin", total: (1011, 1011), subscription: 6)
        let outcome = try await check(exported: exported)
        #expect(outcome.exitStatus == 1, "\(outcome)")
        let line = outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("DISAGREE") }
        #expect(line.map { $0.contains("map (object)/builtin") && $0.contains("allocations_per_unit") } == true)
        #expect(line?.hasSuffix(" 1.011") == true, "\(outcome)")
    }

    /// Another thread's allocation in some iterations (asyncHop's libdispatch workers): the interposer
    /// sees it at once, jemalloc maybe later, so a count within package-benchmark's range agrees, and one
    /// off by at most 0.01 per unit is tolerated, and says so.
    @Test func strayAllocationsAreWithinTheRangeOrTheTolerance() async throws {
        var exported = Self.agreeing
        exported[0] = Self.element("map (object)/builtin", total: (1000, 1001), subscription: 6)
        exported[1] = Self.element("withLatestFrom (10)/classSubscription", total: (102, 102), subscription: 13)
        let outcome = try await check(exported: exported)
        #expect(outcome.exitStatus == 0, "\(outcome)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.first { $0.hasPrefix("in range") }?.hasSuffix(" 1..1.001") == true, "\(outcome)")
        #expect(lines.first { $0.hasPrefix("tolerated") }?.hasSuffix(" 0.102") == true, "\(outcome)")
        #expect(outcome.standardOutput.contains("5 agree (3 exactly, 1 within"), "\(outcome)")
    }

    @Test func aPerSubscriptionCountThatDiffersIsADisagreement() async throws {
        var exported = Self.agreeing
        exported[1] = Self.element("withLatestFrom (10)/classSubscription", total: (100, 100), subscription: 14)
        let outcome = try await check(exported: exported)
        #expect(outcome.exitStatus == 1, "\(outcome)")
        #expect(outcome.standardOutput.contains("1 disagree"), "\(outcome)")
    }

    @Test func aCellMissingFromTheExportIsADisagreement() async throws {
        let outcome = try await check(exported: Array(Self.agreeing.dropLast()))
        #expect(outcome.exitStatus == 1, "\(outcome)")
        #expect(outcome.standardOutput.contains("missing"), "\(outcome)")
    }

    @Test func anExportThatIsNotJSONIsBadInput() async throws {
        let outcome = try await check(exported: nil)
        #expect(outcome.exitStatus == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1 && outcome.errorLines[0].hasPrefix("error:"), "\(outcome)")
        #expect(outcome.standardError.contains("export.json"), "\(outcome)")
    }

    @Test func filtersSelectExactlyTheCellsThatRanOk() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.writeRun(in: directory)
        let outcome = try await Self.checker(["filters", directory.path], in: directory.path)
        #expect(outcome.exitStatus == 0, "\(outcome)")
        #expect(
            outcome.standardOutput.split(separator: "\n") == [
                #"^map \(object\)/builtin$"#, #"^withLatestFrom \(10\)/classSubscription$"#,
                #"^subscribeChurn \(4\)/rxSink$"#,
            ]
        )
    }

    /// The fixture's run in `directory`: its results.csv, and the schema.json the tool writes beside every
    /// run's (which says which rows' counts do not repeat), from the release tool.
    private static func writeRun(in directory: TemporaryDirectory) async throws {
        let tool = try #require(ToolBinary.release())
        let schema = try await ToolProcess.run(tool, ["schema", "--format", "json"], in: directory.path)
        try #require(schema.exitStatus == 0, "\(schema)")
        try schema.standardOutput.write(toFile: directory.appending("schema.json"), atomically: true, encoding: .utf8)
        try results.write(toFile: directory.appending("results.csv"), atomically: true, encoding: .utf8)
    }

    /// Writes the fixtures (`exported` nil: an export that is not JSON) and runs `check` on them.
    private func check(exported: [String]?) async throws -> ToolOutcome {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.writeRun(in: directory)
        let json = exported.map { "[" + $0.joined(separator: ",\n") + "]" } ?? "Current_run, not JSON"
        try json.write(toFile: directory.appending("export.json"), atomically: true, encoding: .utf8)
        return try await Self.checker(["check", directory.path, directory.appending("export.json")], in: directory.path)
    }

    private static func checker(_ arguments: [String], in directory: String) async throws -> ToolOutcome {
        try await ToolProcess.run(
            "/usr/bin/env", ["python3", "-m", "plotting.package_benchmark"] + arguments, in: directory,
            environment: ["PYTHONPATH": "\(ToolBinary.packageRoot)/scripts"]
        )
    }
}
