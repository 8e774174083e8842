import Foundation
import Harness
import Runner
import Testing
import Workloads

/// Every cell runs in a child process: cells that crash, trap, hang or leak (the test-only `fault`
/// workloads, registered by `REACTIVE_BENCH_TEST_FAULTS=1`) become rows saying so, the cells around them
/// are measured as usual, and a run stopped by SIGTERM or SIGINT leaves the finished cells in valid CSV.
struct CLIIsolationTests {
    static let faults = ["REACTIVE_BENCH_TEST_FAULTS": "1"]

    @Test func crashesTrapsHangsAndLeaksBecomeRowsAndTheRunGoesOn() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(
            tool,
            ["run", "--workloads", "fault*,map", "--implementations", "baseline,structBridge", "--elements", "2000",
             "--repetitions", "2", "--no-latency", "--cell-timeout", "10", "--output", "runs"],
            in: directory.path, environment: Self.faults
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 1, "a failed cell makes the exit status 1: \(outcome)")
        #expect(!outcome.standardError.contains("Backtracing"), "crash reports go to the run's logs, not the terminal")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        let rows = Dictionary(uniqueKeysWithValues: table.rows.map { row in
            ("\(row[table.column("workload")!]) / \(row[table.column("implementation")!])", row)
        })
        func field(_ cell: String, _ column: String) throws -> String {
            try #require(rows[cell], "no row for \(cell)")[try #require(table.column(column))]
        }
        #expect(rows.count == 12)
        for workload in ["map", "fault (crash)", "fault (trap)", "fault (hang)", "fault (leak)", "fault (orphan)"] {
            #expect(try field("\(workload) / baseline", "status") == "ok", "\(workload): the baseline never misbehaves")
        }
        #expect(try field("map / structBridge", "status") == "ok")
        #expect(try field("fault (crash) / structBridge", "status") == "crashed")
        #expect(try field("fault (crash) / structBridge", "detail").contains("SIGSEGV (signal 11): Bad pointer dereference"))
        #expect(try field("fault (trap) / structBridge", "status") == "crashed")
        #expect(try field("fault (trap) / structBridge", "detail").contains("precondition failure"))
        #expect(try field("fault (hang) / structBridge", "status") == "timeout")
        // The process the cell left holding its stderr neither keeps the row from being written nor
        // outlives the cell.
        #expect(try field("fault (orphan) / structBridge", "status") == "crashed")
        #expect(try field("fault (orphan) / structBridge", "detail").contains("SIGSEGV (signal 11)"))
        #expect(Self.runningProcesses(named: FaultWorkload.orphanMarker).isEmpty, "the cell's orphan outlived it")
        #expect(try field("fault (leak) / structBridge", "status") == "ok")
        #expect(Int(try field("fault (leak) / structBridge", "retained_bytes"))! > 0, "the leak is reported")
        #expect(Int(try field("map / structBridge", "retained_bytes")) == 0)
        let logs = try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs/\(run)/logs"))
        #expect(logs.sorted() == [
            "faultcrash--structBridge.log", "faulthang--structBridge.log", "faultorphan--structBridge.log",
            "faulttrap--structBridge.log",
        ])
        let environment = try CSVTable.read(from: directory.appending("runs/\(run)/environment.csv"))
        #expect(environment.rows.contains(["run_complete", "true"]))
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStoppedRunKeepsItsFinishedCellsInValidCSVMarkedIncomplete(signal: Int32) async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runs = directory.appending("runs")
        // An earlier run that must stay byte-identical.
        try SyntheticRun(seed: 3).write(to: "\(runs)/20240101-000000-earlier")
        let earlier = try DirectorySnapshot("\(runs)/20240101-000000-earlier")
        // `map` finishes; then `fault (hang)` hangs until the test sends the signal.
        let outcome = try await ToolProcess.run(
            tool,
            ["run", "--workloads", "map,fault (hang)", "--implementations", "structBridge", "--elements", "2000",
             "--repetitions", "2", "--no-latency", "--cell-timeout", "100", "--output", "runs"],
            in: directory.path, environment: Self.faults,
            terminateWhen: { Self.finishedRows(under: runs) == 1 }, terminateWith: signal
        )
        #expect(try DirectorySnapshot("\(runs)/20240101-000000-earlier") == earlier, "earlier runs are never touched")
        #expect(outcome.exitedNormally && outcome.exitStatus == 130, "\(outcome)")
        #expect(outcome.errorLines.last?.hasPrefix("error: interrupted: 1 finished cells written") == true, "\(outcome)")
        #expect(!outcome.standardError.contains("crashed: stopped"), "a stopped cell is no crash: \(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs).first { !$0.hasSuffix("-earlier") })
        let table = try CSVTable.read(from: "\(runs)/\(run)/results.csv")
        #expect(table.rows.count == 1)
        #expect(table.rows.first?[table.column("status")!] == "ok")
        let environment = try CSVTable.read(from: "\(runs)/\(run)/environment.csv")
        #expect(environment.rows.contains(["run_complete", "false"]))
    }

    /// Stopped between a cell's parts: `map`'s first part (3 of 6 repetitions) is written, `fault (hang)`'s hangs,
    /// and `map`'s row says it has 3 of the 6 asked for.
    @Test func aRunStoppedBetweenACellsPartsSaysHowManyRepetitionsItsRowHas() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runs = directory.appending("runs")
        let outcome = try await ToolProcess.run(
            tool,
            ["run", "--workloads", "map,fault (hang)", "--implementations", "structBridge", "--elements", "2000",
             "--repetitions", "6", "--no-latency", "--no-noise-gate", "--cell-timeout", "100", "--output", "runs"],
            in: directory.path, environment: Self.faults,
            terminateWhen: { Self.finishedRows(under: runs) == 1 }, terminateWith: SIGTERM
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 130, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs).first)
        let table = try CSVTable.read(from: "\(runs)/\(run)/results.csv")
        #expect(table.rows.count == 1)
        #expect(table.rows.first?[table.column("repetitions")!] == "3")
        #expect(table.rows.first?[table.column("detail")!] == "stopped after 3 of 6 repetitions")
    }

    /// Rows in the one run directory under `runs`, or 0 while there is none yet.
    private static func finishedRows(under runs: String) -> Int {
        guard let run = try? FileManager.default.contentsOfDirectory(atPath: runs).first(where: { !$0.hasSuffix("-earlier") }),
            let table = try? CSVTable.read(from: "\(runs)/\(run)/results.csv")
        else { return 0 }
        return table.rows.count
    }

    /// The pids of the running processes whose `argv[0]` is `name` (from /proc).
    static func runningProcesses(named name: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { $0.allSatisfy(\.isNumber) } ?? []
        return pids.filter { pid in
            guard let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return commandLine.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self) } == name
        }
    }
}
