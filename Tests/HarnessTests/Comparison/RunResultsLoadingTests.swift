import Foundation
import Harness
import Runner
import Testing
import Workloads

/// Reading a run for compare: from a directory or a file, with an error that names the problem for
/// anything compare cannot read.
struct RunResultsLoadingTests {
    @Test func theColumnsCompareReadsAreOnesTheRunnerWrites() {
        #expect(ResultColumn.supportedSchemaVersion == ResultTable.schemaVersion)
        for column in ResultColumn.required + ResultColumn.numeric {
            #expect(ResultTable.columns.contains(column), "\(column)")
        }
        for column in [ResultColumn.unit.name, ResultColumn.detail.name, ResultColumn.scenario.name, ResultColumn.source.name] {
            #expect(ResultTable.columns.contains(column), "\(column)")
        }
    }

    /// A row's source and scenario are read when the file has them; a file written before the source
    /// axis (no `source` column) loads all the same, every row without a source.
    @Test func theSourceColumnIsReadAndAnOlderFileWithoutItStillLoads() throws {
        var direct = SyntheticCell(workload: "map [direct]", implementation: "builtin", samples: [50, 51, 52])
        direct.extra = ["scenario": "map", "source": "direct"]
        var subject = SyntheticCell(workload: "map", implementation: "builtin", samples: [200, 201, 202])
        subject.extra = ["source": "subject"]
        let rows = [subject, direct].map { $0.fields(under: ResultTable.columns) }
        let current = try RunResults(table: CSVTable(header: ResultTable.columns, rows: rows), source: "current")
        let read = try #require(current[CellKey(workload: "map [direct]", implementation: "builtin")])
        #expect(read.source == "direct" && read.scenario == "map")
        #expect(current[CellKey(workload: "map", implementation: "builtin")]?.source == "subject")

        let withoutSource = try #require(ResultTable.columns.firstIndex(of: ResultColumn.source.name))
        var older = CSVTable(header: ResultTable.columns, rows: [rows[0]])
        older.header.remove(at: withoutSource)
        older.rows = older.rows.map { row in var row = row; row.remove(at: withoutSource); return row }
        let loaded = try RunResults(table: older, source: "older")
        let map = try #require(loaded[CellKey(workload: "map", implementation: "builtin")])
        #expect(map.source.isEmpty && map.scenario == "map" && map.samples == [200, 201, 202])
    }

    @Test func aDirectoryAndItsResultsFileReadTheSameWithTheEnvironment() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var run = SyntheticRun(seed: 1)
        run.environment = ["git_commit": "abc", "core_count": "2"]
        try run.write(to: directory.appending("run"))

        for path in [directory.appending("run"), directory.appending("run/"), directory.appending("run/results.csv")] {
            let results = try RunResults.load(path)
            #expect(results.cells.count == 9, "\(path)")
            #expect(results.environment == run.environment, "\(path)")
            #expect(results.source.hasSuffix("run/results.csv"), "\(path)")
        }
        let map = try #require(try RunResults.load(directory.appending("run"))[CellKey(workload: "map", implementation: "rxSink")])
        #expect(map.samples.count == 11)
        #expect(map.values["allocations_per_subscription"] == 6)
        #expect(map.line == 7, "the header, floor x 3, map for baseline and builtin, then this one")
    }

    @Test func aFileNotCalledResultsCsvReadsNoEnvironmentBesideIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var run = SyntheticRun(seed: 1)
        run.environment = ["git_commit": "abc"]
        try run.write(to: directory.path)
        try FileManager.default.copyItem(atPath: directory.appending("results.csv"), toPath: directory.appending("base.csv"))
        #expect(try RunResults.load(directory.appending("base.csv")).environment == nil)
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var mentions: [String]
        var testDescription: String { name }
    }

    static var header: String { ResultTable.columns.joined(separator: ",") }

    /// A valid `map` row with `column` set to `value`.
    static func row(_ column: String = "workload", _ value: String = "map") -> String {
        var cell = SyntheticCell(workload: "map", implementation: "builtin", samples: [200, 201, 202])
        cell.extra = [column: value]
        return cell.fields(under: ResultTable.columns).map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",")
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "empty", text: "", mentions: ["empty file"]),
        BadFile(name: "ragged row", text: "\(header)\n1,2,3\n", mentions: ["line 2", "fields"]),
        BadFile(name: "older schema", text: "\(header)\n\(row("schema_version", "1"))\n",
                mentions: ["line 2", "schema_version '1'", "expected 2"]),
        BadFile(name: "schema 1, which lacks columns", text: "schema_version,workload\n1,map\n",
                mentions: ["line 2", "schema_version '1'", "expected 2"]),
        BadFile(name: "missing columns", text: "workload,implementation,status\nmap,builtin,ok\n",
                mentions: ["missing required columns", "schema_version", "ns_per_unit_samples", "retained_bytes"]),
        BadFile(name: "a word for a count", text: "\(header)\n\(row())\n\(row("allocations_per_unit", "many"))\n",
                mentions: ["line 3", "column allocations_per_unit", "'many'"]),
        BadFile(name: "a bad sample", text: "\(header)\n\(row("ns_per_unit_samples", "200;x;201"))\n",
                mentions: ["line 2", "column ns_per_unit_samples", "'x'"]),
        BadFile(name: "not a number", text: "\(header)\n\(row("retained_bytes", "nan"))\n",
                mentions: ["column retained_bytes", "'nan'"]),
        BadFile(name: "two rows for one cell", text: "\(header)\n\(row())\n\(row())\n",
                mentions: ["line 3", "map / builtin", "line 2"]),
        BadFile(name: "no workload", text: "\(header)\n\(row("workload", ""))\n", mentions: ["line 2", "column workload"]),
    ]

    @Test(arguments: badFiles)
    func aBadFileIsOneLineNamingTheFileAndTheProblem(_ bad: BadFile) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("results.csv")
        try Data(bad.text.utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: HarnessError.self) { try RunResults.load(path) }
        #expect(error.message.hasPrefix(path), "\(error.message)")
        #expect(!error.message.contains("\n"))
        for mention in bad.mentions {
            #expect(error.message.contains(mention), "'\(mention)' in: \(error.message)")
        }
    }

    @Test func aMissingPathAndADirectoryWithoutResults() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = try #require(throws: HarnessError.self) { try RunResults.load(directory.appending("nope")) }
        #expect(missing.message == "\(directory.appending("nope")) does not exist")
        let empty = try #require(throws: HarnessError.self) { try RunResults.load(directory.path) }
        #expect(empty.message.contains("has no results.csv"))
    }

    @Test func aMalformedEnvironmentIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SyntheticRun(seed: 1).write(to: directory.path)
        try Data("name,value\na,b\n".utf8).write(to: URL(fileURLWithPath: directory.appending("environment.csv")))
        let error = try #require(throws: HarnessError.self) { try RunResults.load(directory.path) }
        #expect(error.message.contains("environment.csv: expected the columns key,value"))
    }
}
