import Foundation
import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// Successful runs of the release tool: each creates exactly one new run directory holding the two CSV
/// files and nothing else, and never touches an earlier run.
struct CLIReleaseRunTests {
    /// Without the noise gate, which adds repetitions while the machine is busy: the run is checked for
    /// exactly 2.
    static let tinyRun = [
        "run", "--workloads", "map", "--implementations", "baseline,builtin", "--elements", "1000",
        "--repetitions", "2", "--no-noise-gate", "--output", "runs",
    ]

    /// The tests drive whatever release tool was built last; work in progress touches sources all the
    /// time, so a stale tool is a warning, not a failure (scripts/test rebuilds it before testing).
    @Test func theReleaseToolIsNotOlderThanTheSources() throws {
        guard let tool = ToolBinary.release(), let newer = ToolBinary.sourceNewerThan(tool) else { return }
        Issue.record(
            "\(tool) is older than \(newer): rebuild it with `swift build -c release --product reactive-bench`",
            severity: .warning
        )
    }

    @Test func aTinyRunWritesOneNewDirectoryAndASecondRunLeavesTheFirstUntouched() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runs = directory.appending("runs")

        let first = try await ToolProcess.run(tool, Self.tinyRun, in: directory.path)
        #expect(first.exitedNormally && first.exitStatus == 0, "\(first)")
        #expect(try directory.entries() == ["runs"], "nothing written outside --output")
        let firstRun = try #require(try FileManager.default.contentsOfDirectory(atPath: runs).first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs) == [firstRun])
        try checkRunDirectory("\(runs)/\(firstRun)")
        let firstBytes = try contents(of: "\(runs)/\(firstRun)")

        let second = try await ToolProcess.run(tool, Self.tinyRun, in: directory.path)
        #expect(second.exitedNormally && second.exitStatus == 0, "\(second)")
        let both = try FileManager.default.contentsOfDirectory(atPath: runs).sorted()
        #expect(both.count == 2 && both.contains(firstRun), "a second directory: \(both)")
        if let secondRun = both.first(where: { $0 != firstRun }) {
            try checkRunDirectory("\(runs)/\(secondRun)")
        }
        #expect(try contents(of: "\(runs)/\(firstRun)") == firstBytes, "the first run is untouched")
    }

    /// `--prices` adds prices.csv: every action priced in ns, within its interval, above 0, or marked as not
    /// trusted without a value and with one warning line; a run that names its workloads has none unless asked.
    @Test func thePriceListIsWrittenWhenAskedAndNotForASelection() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let priced = try await ToolProcess.run(tool, Self.tinyRun + ["--prices", "--label", "priced"], in: directory.path)
        #expect(priced.exitedNormally && priced.exitStatus == 0, "\(priced)")
        let plain = try await ToolProcess.run(tool, Self.tinyRun + ["--label", "plain"], in: directory.path)
        #expect(plain.exitedNormally && plain.exitStatus == 0, "\(plain)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs"))
        let pricedRun = try #require(runs.first { $0.hasSuffix("-priced") }), plainRun = try #require(runs.first { $0.hasSuffix("-plain") })
        #expect(!FileManager.default.fileExists(atPath: directory.appending("runs/\(plainRun)/prices.csv")))
        let table = try CSVTable.read(from: directory.appending("runs/\(pricedRun)/prices.csv"))
        #expect(table.header == PriceList.schema.header)
        // The branch model's controls are priced in counts only; the call chain gives deepFrame's two rows.
        let actions = [
            "retainRelease", "exclusivityCheck", "lock", "metadataLookup", "dynamicCast", "malloc", "atomicRMW", "instructions",
            "independentInstructions", "emptyCall", "indirectCall", "l1Miss", "llMiss",
        ].map { "\($0) ns" }
        #expect(table.rows.map { "\($0[0]) \($0[1])" } == actions + ["deepFrame ns", "deepFrame frames"])
        let trusted = try #require(table.column(PriceColumn.trusted.name)), reason = try #require(table.column(PriceColumn.reason.name))
        let warnings = priced.standardError.split(separator: "\n").filter { $0.hasPrefix("warning: prices: ") && $0.contains(" is not trusted: ") }
        #expect(warnings.count == table.rows.count { $0[trusted] == "false" }, "one warning per marked price: \(priced.standardError)")
        for row in table.rows {
            guard row[trusted] == "true" else {
                // Marked (a busy machine): no number, and the reason the warning gives.
                #expect(row[trusted] == "false" && row[2...4].allSatisfy(\.isEmpty) && !row[reason].isEmpty, "\(row)")
                #expect(warnings.contains { $0.hasPrefix("warning: prices: \(row[0]) \(row[1]) is not trusted: \(row[reason])") }, "\(row)")
                continue
            }
            #expect(row[reason].isEmpty, "\(row)")
            if row[1] == "ns" {
                let (price, low, high) = (Double(row[2]), Double(row[3]), Double(row[4]))
                #expect(price != nil && low != nil && high != nil, "\(row)")
                if let price, let low, let high { #expect(0 < low && low <= price && price <= high, "\(row)") }
            } else {
                #expect(Double(row[2]) != nil && row[3...6].allSatisfy(\.isEmpty), "frames: a count, no interval: \(row)")
            }
        }
    }

    /// A name holding `[` selects exactly that row (a glob would read `[direct]` as a character class);
    /// globs still reach the direct rows, with the bracket escaped or not matched at all. A comma inside a
    /// name's parentheses is the name's, not a separator.
    @Test(
        arguments: [
            ("map [direct]", ["map [direct]"]),
            ("floor*", ["floor", "floor [direct]"]),
            ("pipelineDepth (4)*", ["pipelineDepth (4)", "pipelineDepth (4) [direct]"]),
            ("pipelineDepth* \\[direct]", PipelineDepthWorkload.sweep(.map, .direct).map(\.name)),
            ("floor,map [direct]", ["floor", "map [direct]"]),
            ("demand (unlimited, slowConsumer)", ["demand (unlimited, slowConsumer)"]),
            ("map,demand (max1Requested, slowConsumer)", ["map", "demand (max1Requested, slowConsumer)"]),
        ]
    )
    func workloadNamesWithBracketsSelectExactlyTheirRow(pattern: String, expected: [String]) async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = [
            "run", "--workloads", pattern, "--implementations", "baseline", "--elements", "1000", "--repetitions", "1",
            "--no-latency", "--no-noise-gate", "--in-process", "--output", "runs",
        ]
        let outcome = try await ToolProcess.run(tool, arguments, in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        #expect(table.rows.map { $0[table.column("workload")!] } == expected)
    }

    /// Six repetitions are measured in two processes of three, the second a pass after the first (its
    /// progress line says `part 2 of 2`), and the row has all six; the price list's groups alike, each action
    /// priced from the rounds of both.
    @Test func aCellsRepetitionsAndAPriceGroupsRoundsComeFromTwoProcesses() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = [
            "run", "--workloads", "map", "--implementations", "baseline,builtin", "--elements", "1000", "--repetitions", "6",
            "--no-latency", "--no-noise-gate", "--prices", "--output", "runs",
        ]
        let outcome = try await ToolProcess.run(tool, arguments, in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let lines = outcome.standardError.split(separator: "\n")
        let malloc = "prices: anatomyControl (malloc x1) | anatomyControl (malloc x3)"
        for label in ["map / builtin", malloc] {
            #expect(lines.count { $0.contains("\(label) (part 1 of 2)") } == 1, "\(outcome.standardError)")
            #expect(lines.count { $0.contains("\(label) (part 2 of 2)") } == 1, "\(outcome.standardError)")
        }
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        #expect(table.rows.map { $0[table.column("repetitions")!] } == ["6", "6"])
        #expect(table.rows.map { $0[table.column("status")!] } == ["ok", "ok"])
        let prices = try CSVTable.read(from: directory.appending("runs/\(run)/prices.csv"))
        let events = Set(prices.rows.map { $0[prices.column("event")!] })
        #expect(events.isSuperset(of: ["retainRelease", "malloc", "llMiss", "deepFrame"]), "\(events)")
    }

    /// The release build's steady state: no style allocates per element on `map`, the Rx family included
    /// (a debug build allocates a reabstraction thunk per Rx event; see `SteadyStateAllocationTests`), but
    /// `asyncSequence`, whose consumer task allocates as it suspends and resumes (docs/STYLES.md).
    @Test func inTheReleaseToolNoStyleAllocatesPerElementOnMap() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = [
            "run", "--workloads", "map", "--elements", "2000", "--repetitions", "2", "--no-latency", "--output", "runs",
        ]
        let outcome = try await ToolProcess.run(tool, arguments, in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        let field = { (row: [String], name: String) in row[table.column(name)!] }
        #expect(table.rows.map { field($0, "implementation") } == Registry.all.map(\.id.rawValue))
        for row in table.rows {
            let title = field(row, "implementation")
            #expect(field(row, "status") == "ok", "\(title)")
            guard title != ImplementationID.asyncSequence.rawValue else { continue }
            #expect(field(row, "allocations_per_unit") == "0", "\(title)")
            #expect(field(row, "bytes_per_unit") == "0", "\(title)")
            #expect(field(row, "retained_bytes") == "0", "\(title)")
        }
    }

    /// Exactly results.csv, environment.csv, fits.csv and schema.json (no temporary file left), all
    /// readable, with the rows and the build the run was asked for.
    private func checkRunDirectory(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        #expect(entries == ["environment.csv", "fits.csv", "results.csv", "schema.json"], sourceLocation: sourceLocation)

        let results = try CSVTable.read(from: "\(path)/results.csv")
        #expect(results.header == ResultTable.columns, sourceLocation: sourceLocation)
        let field = { (row: [String], name: String) in row[results.column(name)!] }
        let implementations = results.rows.map { field($0, "implementation") }
        #expect(implementations == ["baseline", "builtin"], sourceLocation: sourceLocation)
        for row in results.rows {
            #expect(field(row, "workload") == "map", sourceLocation: sourceLocation)
            #expect(field(row, "status") == "ok", sourceLocation: sourceLocation)
            #expect(field(row, "repetitions") == "2", sourceLocation: sourceLocation)
            #expect(field(row, "units_per_repetition") == "1000", sourceLocation: sourceLocation)
            #expect(field(row, "checksum") == field(row, "checksum_expected"), sourceLocation: sourceLocation)
        }

        // schema.json describes the file beside it.
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(path)/schema.json")))
        let files = try #require((schema as? [String: Any])?["files"] as? [[String: Any]], sourceLocation: sourceLocation)
        let described = try #require(files.first { $0["file"] as? String == "results.csv" }, sourceLocation: sourceLocation)
        let columns = (described["columns"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(columns == results.header, sourceLocation: sourceLocation)

        let environment = try CSVTable.read(from: "\(path)/environment.csv")
        #expect(environment.header == ["key", "value"], sourceLocation: sourceLocation)
        let values = Dictionary(environment.rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
        #expect(values["build_configuration"] == "release", sourceLocation: sourceLocation)
    }

    /// Every file of a directory, by name.
    private func contents(of path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(name)"))
        }
        return files
    }
}
