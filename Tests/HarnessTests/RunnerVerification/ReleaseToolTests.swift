import Foundation
import Harness
import Testing

/// Drives the release `reactive-bench` as a user does (scripts/test builds it first): bad input gets
/// one clear line and exit status 2 with nothing written; a good run writes one new run directory.
@Suite(.serialized) struct ReleaseToolTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let tool = packageRoot + "/.build/release/reactive-bench"

    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String]) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw HarnessError("\(tool) is missing: run `swift build -c release --product reactive-bench` (scripts/test does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = nil  // the tool links jemalloc itself
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }

    static let badInputs: [(arguments: [String], mentions: String)] = [
        (["run", "--implementations", "structbrige"], "did you mean 'structBridge'"),
        (["run", "--implementations", "nosuchstyle"], "unknown implementation 'nosuchstyle'"),
        (["run", "--workloads", "mapp"], "did you mean 'map'"),
        (["run", "--workloads", "zzz*"], "unknown workload 'zzz*'"),
        (["run", "--repetitions", "0"], "--repetitions must be at least 1"),
        (["run", "--repetitions", "-3"], "--repetitions"),
        (["run", "--elements", "0"], "--elements must be at least 1"),
        (["run", "--elements", "abc"], "abc"),
        (["run", "--label", ""], "--label"),
        (["run", "--label", "a/b"], "--label"),
        (["run", "--bogus"], "--bogus"),
        (["run", "frobnicate"], "frobnicate"),
    ]

    @Test(arguments: badInputs.indices)
    func badInputGetsOneClearLineAndWritesNothing(_ index: Int) throws {
        let (arguments, mentions) = Self.badInputs[index]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try Self.run(arguments + ["--output", directory.path])
        #expect(outcome.status != 0, "\(arguments)")
        let errorLines = outcome.stderr.split(separator: "\n").filter { $0.lowercased().hasPrefix("error:") }
        #expect(errorLines.count == 1, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.contains(mentions), "\(arguments): \(outcome.stderr)")
        #expect(!outcome.stderr.contains("Fatal error"), "\(arguments)")
        #expect(try directory.entries().isEmpty, "\(arguments) wrote into the output directory")
    }

    @Test func anOutputDirectoryThatCannotBeWrittenIsBadInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        FileManager.default.createFile(atPath: directory.appending("file"), contents: Data("x".utf8))
        let outcome = try Self.run([
            "run", "--workloads", "map", "--implementations", "baseline", "--elements", "100",
            "--output", directory.appending("file/runs"),
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1, "\(outcome.stderr)")
        #expect(try directory.entries() == ["file"])
    }

    @Test func eachRunWritesANewDirectoryAndNeverTouchesAnEarlierOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = [
            "run", "--workloads", "map", "--implementations", "baseline,builtin", "--elements", "1000",
            "--repetitions", "2", "--output", directory.path,
        ]
        let first = try Self.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let firstRuns = try directory.entries()
        #expect(firstRuns.count == 1)
        let firstRun = directory.appending(firstRuns[0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: firstRun).sorted() == ["environment.csv", "results.csv"])
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: firstRun + "/results.csv"))

        let second = try Self.run(arguments)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try directory.entries().count == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: firstRun + "/results.csv")) == firstBytes)
    }

    @Test func theReleaseToolAllocatesNothingPerElementInAnyStyle() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try Self.run([
            "run", "--quick", "--no-latency", "--elements", "20000", "--repetitions", "2", "--output", directory.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let run = try #require(try directory.entries().first)
        let table = try CSVTable.read(from: directory.appending(run) + "/results.csv")
        let columns = ["workload", "implementation", "unit", "status", "allocations_per_unit", "retained_bytes", "checksum", "checksum_expected"]
        let index = Dictionary(uniqueKeysWithValues: try columns.map { ($0, try #require(table.column($0))) })
        #expect(!table.rows.isEmpty)
        for row in table.rows {
            let title = "\(row[index["workload"]!]) / \(row[index["implementation"]!])"
            #expect(row[index["status"]!] == "ok", "\(title)")
            #expect(row[index["checksum"]!] == row[index["checksum_expected"]!], "\(title)")
            #expect(row[index["retained_bytes"]!] == "0", "\(title)")
            if row[index["unit"]!] == "element" {
                #expect(row[index["allocations_per_unit"]!] == "0", "\(title)")
            }
        }
    }
}
