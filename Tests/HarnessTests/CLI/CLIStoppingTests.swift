import Foundation
import Harness
import Testing

/// How a run ends when it is stopped, killed or cannot write, and what it leaves behind: valid CSV that
/// says how far it got, no cell process, no scratch directory (docs/BAD-INPUT.md, "Stopping a run").
/// Each test gives the tool a temporary directory of its own (`TMPDIR`), so it can see what is left there.
struct CLIStoppingTests {
    static let faults = ["REACTIVE_BENCH_TEST_FAULTS": "1"]

    @Test(arguments: [SIGINT, SIGTERM])
    func anInProcessRunStopsOnASignalWithItsCellsSoFarAndStatus130(signal: Int32) async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let started = ContinuousClock.now
        let outcome = try await ToolProcess.run(
            tool,
            ["run", "--in-process", "--workloads", "map,filter", "--implementations", "baseline,builtin",
             "--repetitions", "400", "--no-latency", "--output", "runs"],
            in: directory.path,
            // Two seconds into the run, counted from when its directory has files (on a loaded machine the
            // tool may take longer than that to start).
            terminateWhen: { Self.runWritten(under: directory.appending("runs")) && ContinuousClock.now - started > .seconds(2) },
            terminateWith: signal
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 130, "\(outcome)")
        #expect(outcome.errorLines.last?.hasPrefix("error: interrupted: ") == true, "\(outcome)")
        let run = try Self.onlyRun(under: directory.appending("runs"))
        let table = try CSVTable.read(from: "\(run)/results.csv")
        let environment = try CSVTable.read(from: "\(run)/environment.csv")
        #expect(environment.rows.contains(["run_complete", "false"]))
        #expect(environment.rows.contains(["result_rows", String(table.rows.count)]))
        for row in table.rows where row[table.column("status")!] == "ok" {
            #expect(row[table.column("detail")!].hasPrefix("stopped after "), "\(row)")
        }
    }

    /// SIGINT while the price list is measured (after the run's cells, whose files are then complete):
    /// status 130, no prices.csv, and the run's own files say it finished.
    @Test func aRunStoppedWhileItsPricesAreMeasuredKeepsItsCellsAndWritesNoPrices() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runs = directory.appending("runs")
        func fitsWritten() -> Bool {
            guard let run = try? FileManager.default.contentsOfDirectory(atPath: runs).first else { return false }
            return FileManager.default.fileExists(atPath: "\(runs)/\(run)/fits.csv")
        }
        let outcome = try await ToolProcess.run(
            tool, ["run", "--workloads", "map", "--implementations", "baseline", "--repetitions", "40", "--prices", "--no-latency",
                   "--output", "runs"],
            in: directory.path, terminateWhen: fitsWritten, terminateWith: SIGINT
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 130, "\(outcome)")
        #expect(outcome.errorLines.last?.hasPrefix("error: interrupted: the price list was not measured") == true, "\(outcome)")
        let run = try Self.onlyRun(under: runs)
        #expect(!FileManager.default.fileExists(atPath: "\(run)/prices.csv"))
        #expect(try CSVTable.read(from: "\(run)/environment.csv").rows.contains(["run_complete", "true"]))
        #expect(try CSVTable.read(from: "\(run)/results.csv").rows.count == 1)
    }

    /// The first SIGINT starts stopping the hanging cell (SIGTERM, then SIGKILL a second later); the
    /// second ends the tool at once, killing the cell and removing the scratch directory first.
    @Test func aSecondSIGINTLeavesNoCellProcessAndNoScratchDirectory() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let temporary = try Self.temporaryDirectory(in: directory)
        let process = try Self.start(
            tool, ["run", "--workloads", "fault (hang)", "--implementations", "structBridge", "--no-latency",
                   "--output", "runs"],
            in: directory.path, temporary: temporary
        )
        defer { if process.isRunning { process.terminate() } }
        try await Self.waitFor { !Self.processes(mentioning: temporary).isEmpty }
        kill(process.processIdentifier, SIGINT)
        try await Task.sleep(for: .milliseconds(100))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        try await Self.waitFor { Self.processes(mentioning: temporary).isEmpty }
        #expect(Self.processes(mentioning: temporary).isEmpty, "no cell process outlives the run")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "no scratch directory is left")
    }

    /// kill -9 gives the tool no chance: its cell dies with it, the run directory says the run never got
    /// past its start, and the next run removes the scratch directory it left.
    @Test func killMinus9LeavesNoCellProcessAndTheNextRunRemovesItsScratchDirectory() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let temporary = try Self.temporaryDirectory(in: directory)
        let process = try Self.start(
            tool, ["run", "--workloads", "fault (hang)", "--implementations", "structBridge", "--no-latency",
                   "--output", "runs"],
            in: directory.path, temporary: temporary
        )
        defer { if process.isRunning { process.terminate() } }
        try await Self.waitFor { !Self.processes(mentioning: temporary).filter { $0.contains(" cell ") }.isEmpty }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try await Self.waitFor { Self.processes(mentioning: temporary).isEmpty }
        #expect(Self.processes(mentioning: temporary).isEmpty, "the cell died with its parent")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.count == 1 && left.first?.hasPrefix("reactive-bench-\(process.processIdentifier)-") == true, "\(left)")

        let run = try Self.onlyRun(under: directory.appending("runs"))
        #expect(try CSVTable.read(from: "\(run)/results.csv").rows.isEmpty)
        let environment = try CSVTable.read(from: "\(run)/environment.csv")
        #expect(environment.rows.contains(["run_complete", "false"]) && environment.rows.contains(["result_rows", "0"]))
        let compared = try await ToolProcess.run(tool, ["compare", run, run], in: directory.path)
        #expect(compared.exitStatus == 2 && compared.errorLines.count == 1, "\(compared)")
        #expect(compared.standardError.contains("no rows"), "\(compared)")

        let next = try await ToolProcess.run(
            tool, ["run", "--workloads", "map", "--implementations", "baseline", "--elements", "1000", "--repetitions",
                   "1", "--no-latency", "--output", "runs"],
            in: directory.path, environment: ["TMPDIR": temporary]
        )
        #expect(next.exitStatus == 0, "\(next)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the next run cleaned up")
    }

    /// kill -9 after the 1st, 2nd, 4th and 7th row: every time the run directory holds only complete rows
    /// (an `ok` row has its times: the rows written during a run are the noise gate's selection so far),
    /// which `summary` and `compare` read.
    @Test(arguments: [1, 2, 4, 7])
    func killMinus9AtAnyRowLeavesRowsThatReadAsARun(after rows: Int) async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let temporary = try Self.temporaryDirectory(in: directory)
        let process = try Self.start(
            // `fault (hang)` last: the run cannot finish before the kill, however late a loaded machine lets
            // the test send it.
            tool, ["run", "--workloads", "map,filter,scan,fault (hang)", "--implementations", "baseline,builtin,structBridge",
                   "--elements", "2000", "--repetitions", "3", "--no-latency", "--output", "runs"],
            in: directory.path, temporary: temporary
        )
        defer { if process.isRunning { process.terminate() } }
        func written() -> Int {
            guard let run = try? Self.onlyRun(under: directory.appending("runs")),
                let table = try? CSVTable.read(from: "\(run)/results.csv")
            else { return 0 }
            return table.rows.count
        }
        try await Self.waitFor { written() >= rows }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let run = try Self.onlyRun(under: directory.appending("runs"))
        let table = try CSVTable.read(from: "\(run)/results.csv")
        #expect(table.rows.count >= rows)
        for row in table.rows where row[table.column("status")!] == "ok" {
            #expect(!row[table.column("ns_per_unit_median")!].isEmpty, "\(row[1]) / \(row[6]): an ok row with its times")
        }
        let summary = try await ToolProcess.run(tool, ["summary", run], in: directory.path)
        #expect(summary.exitedNormally && summary.exitStatus == 0, "\(summary)")
        let compared = try await ToolProcess.run(tool, ["compare", run, run], in: directory.path)
        #expect(compared.exitedNormally && compared.exitStatus == 0, "\(compared)")
        #expect(compared.standardOutput.contains("warning: the new run is incomplete"), "compare says it is partial: \(compared)")
    }

    /// `ab` killed with kill -9 keeps the pairs it measured: pairs.csv is written after every round.
    @Test func abKilledWithKillMinus9KeepsItsPairs() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let temporary = try Self.temporaryDirectory(in: directory)
        let process = try Self.start(
            // No relinking (`--layouts 0`): sixteen links before the first pair took longer than the wait
            // below on a loaded machine, and the pairs, not the layouts, are what the kill must keep.
            tool, ["ab", "--base", tool, "--new", tool, "--workloads", "map", "--implementations", "baseline",
                   "--quick", "--pairs", "40", "--layouts", "0", "--output", "runs"],
            in: directory.path, temporary: temporary
        )
        defer { if process.isRunning { process.terminate() } }
        func pairs() -> [[String]] {
            guard let run = try? Self.onlyRun(under: directory.appending("runs")),
                let table = try? CSVTable.read(from: "\(run)/pairs.csv")
            else { return [] }
            return table.rows
        }
        try await Self.waitFor { pairs().count >= 3 }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let kept = pairs()
        #expect(kept.count >= 3, "the pairs measured before the kill are in pairs.csv")
        // In pair order; on a loaded machine the kill can come after the 40th pair, when a pair with a slow
        // process is being measured again (its fresh row repeats its number).
        let firstPass = min(kept.count, 40)
        #expect(kept.prefix(firstPass).map { $0[3] } == (1...firstPass).map(String.init), "in pair order")
    }

    /// `profile` stopped by SIGINT or SIGTERM, even when started with SIGINT ignored (as a non-interactive
    /// shell starts a command run with `&`): status 130, one line, and nothing left: no run directory, no
    /// valgrind, no scratch directory, no vgdb FIFO in its temporary directory.
    @Test(arguments: [SIGINT, SIGTERM])
    func aStoppedProfileLeavesNothingBehind(signal: Int32) async throws {
        guard let tool = ToolBinary.release(), (try? Callgrind.valgrind()) != nil else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let temporary = try Self.temporaryDirectory(in: directory)
        let process = try Self.start(
            "/bin/sh", ["-c", "trap '' INT; exec \"$0\" \"$@\" 2>err.log", tool, "profile", "structBridge", "fault (hang)",
                        "--output", "runs"],
            in: directory.path, temporary: temporary
        )
        defer { if process.isRunning { process.terminate() } }
        try await Self.waitFor { Self.processes(mentioning: temporary).contains { $0.contains("valgrind") } }
        kill(process.processIdentifier, signal)
        try await Self.waitFor { !process.isRunning }
        try #require(!process.isRunning, "the tool ends on the first signal")
        let errors = try String(contentsOfFile: directory.appending("err.log"), encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(errors)")
        #expect(
            errors.split(separator: "\n").last?.hasPrefix("error: interrupted: fault (hang) / structBridge not profiled") == true,
            "\(errors)"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).isEmpty, "no run directory")
        try await Self.waitFor { Self.processes(mentioning: temporary).isEmpty }
        #expect(Self.processes(mentioning: temporary).isEmpty, "valgrind and the cell end with the tool")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.isEmpty, "no scratch directory, no FIFO: \(left)")
    }

    /// SIGINT while `ab` builds a revision stops the build and everything it started (compilers), with
    /// status 130. The `swift` on PATH is a stand-in that starts two "compilers" and waits for them.
    @Test func aSIGINTDuringABsRevisionBuildLeavesNoCompilerBehind() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bin = directory.appending("bin"), repository = directory.appending("repository")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        for (name, script) in [
            ("swift", "#!/bin/sh\n\"$(dirname \"$0\")/compiler\" & \"$(dirname \"$0\")/compiler\"\nwait\n"),
            ("compiler", "#!/bin/sh\nwhile :; do sleep 1; done\n"),
        ] {
            try Data(script.utf8).write(to: URL(fileURLWithPath: "\(bin)/\(name)"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(bin)/\(name)")
        }
        let git = "git -c user.name=t -c user.email=t@t -c init.defaultBranch=main"
        try #require(Self.shell("cd '\(repository)' && \(git) init -q && \(git) commit -q --allow-empty -m first") == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["ab", "--base", "HEAD", "--new", "HEAD", "--workloads", "map", "--implementations", "baseline"]
        process.currentDirectoryURL = URL(fileURLWithPath: repository)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = ProcessInfo.processInfo.environment.merging(["PATH": "\(bin):\(path)"]) { $1 }
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        try await Self.waitFor { Self.processes(mentioning: "\(bin)/compiler").count >= 2 }
        try #require(Self.processes(mentioning: "\(bin)/compiler").count >= 2, "the stand-in build started")
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.hasSuffix("error: interrupted: swift stopped, nothing measured\n"), "\(stderr)")
        try await Self.waitFor { Self.processes(mentioning: bin).isEmpty }
        #expect(Self.processes(mentioning: bin).isEmpty, "no compiler outlives the build")
    }

    /// A disk that fills during the run: status 3 (not bad input), one line, and the files written before
    /// are kept, both of them. Needs a small tmpfs, so root: elsewhere there is nothing to test.
    @Test func aFullDiskStopsTheRunWithStatus3AndKeepsWhatWasWritten() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let disk = directory.appending("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let disksPages = 64
        guard Self.shell("mount -t tmpfs -o size=\(disksPages * 4)k tmpfs '\(disk)'") == 0 else { return }
        defer { _ = Self.shell("umount '\(disk)'") }
        // Room for the files written when the run starts, not for one more page: results.csv's header and
        // environment.csv take a 4 KiB page each, schema.json as many as the tool's schema needs.
        let schema = try await ToolProcess.run(tool, ["schema", "--format", "json"], in: directory.path)
        try #require(schema.exitStatus == 0, "\(schema)")
        let free = 2 + (schema.standardOutput.utf8.count + 4095) / 4096
        try Data(count: (disksPages - free) * 4096).write(to: URL(fileURLWithPath: "\(disk)/filler"))
        let outcome = try await ToolProcess.run(
            tool, ["run", "--workloads", "map", "--implementations", "baseline,builtin", "--elements", "1000",
                   "--repetitions", "1", "--no-latency", "--output", "\(disk)/runs"],
            in: directory.path
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 3, "\(outcome)")
        let last = outcome.errorLines.last.map(String.init) ?? ""
        #expect(last.hasPrefix("error: cannot write \(disk)/runs/") && last.hasSuffix("No space left on device"), "\(outcome)")
        let run = try Self.onlyRun(under: "\(disk)/runs")
        #expect(try CSVTable.read(from: "\(run)/results.csv").header.first == "schema_version")
        #expect(try CSVTable.read(from: "\(run)/environment.csv").rows.contains(["run_complete", "false"]))
    }

    @Test func aSubSecondTimeLimitIsShownAsGiven() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(
            tool, ["run", "--workloads", "fault (hang)", "--implementations", "structBridge", "--no-latency",
                   "--cell-timeout", "0.5", "--output", "runs"],
            in: directory.path, environment: Self.faults
        )
        #expect(outcome.exitStatus == 1, "\(outcome)")
        #expect(outcome.standardError.contains("timeout: no result after 0.5 s (--cell-timeout)"), "\(outcome)")
    }

    @Test func elementsThatAreNoMultipleOfTheBatchesAreRoundedDownWithAWarning() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(
            tool, ["run", "--workloads", "map", "--implementations", "baseline", "--elements", "15", "--repetitions",
                   "1", "--no-latency", "--output", "runs"],
            in: directory.path
        )
        #expect(outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.errorLines.contains("warning: --elements 15 is rounded down to 10, a multiple of the 10 timed batches"))
    }

    /// Not on a terminal (a log, CI): a plain line per measured cell, with the time so far and, once a
    /// cell is done, an estimate of what is left.
    @Test func progressIsALinePerCellWithTheElapsedTimeAndWhatIsLeft() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(
            tool, ["run", "--workloads", "map,filter", "--implementations", "baseline", "--elements", "1000",
                   "--repetitions", "1", "--no-latency", "--output", "runs"],
            in: directory.path
        )
        #expect(outcome.exitStatus == 0, "\(outcome)")
        let cells = outcome.errorLines.filter { $0.hasPrefix("[reactive-bench] cell ") }.map(String.init)
        #expect(cells.count == 2, "\(outcome)")
        #expect(cells.first?.hasPrefix("[reactive-bench] cell 1/2 map / baseline · 0:0") == true, "\(cells)")
        #expect(cells.first?.hasSuffix(" elapsed") == true, "nothing done yet, no estimate: \(cells)")
        #expect(cells.last?.contains(" elapsed, ~") == true && cells.last?.hasSuffix(" left") == true, "\(cells)")
        #expect(!outcome.standardError.contains("\u{1B}["), "no terminal escapes in a log")
    }

    // MARK: - Helpers

    /// The one run directory under `runs`.
    static func onlyRun(under runs: String) throws -> String {
        let entries = try FileManager.default.contentsOfDirectory(atPath: runs)
        try #require(entries.count == 1, "\(entries)")
        return "\(runs)/\(entries[0])"
    }

    /// Whether a run under `runs` has written its environment.csv (the tool then handles SIGINT and SIGTERM).
    static func runWritten(under runs: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? []
        return entries.contains { FileManager.default.fileExists(atPath: "\(runs)/\($0)/environment.csv") }
    }

    /// `directory/tmp`, created: the tool's `TMPDIR` in a test that checks what the tool leaves there.
    static func temporaryDirectory(in directory: TemporaryDirectory) throws -> String {
        let temporary = directory.appending("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        return temporary
    }

    /// The tool started with the fault workloads and `temporary` as its temporary directory, output
    /// discarded: for tests that signal it themselves.
    static func start(_ tool: String, _ arguments: [String], in directory: String, temporary: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(faults.merging(["TMPDIR": temporary]) { $1 }) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The command lines of the processes that mention `text` (a test's own temporary directory).
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    /// Polls `condition` every 20 ms for up to 20 s.
    static func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition() && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// `/bin/sh -c command`'s exit status, its output discarded.
    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
