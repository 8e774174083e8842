import Foundation
import Harness
import Runner
import StyleKit
import Testing
import Workloads

struct ChildProcessTests {
    /// A log that takes both streams (a link's, say: the linker writes its error to one stream and the
    /// compiler driver its summary to the other) holds every line, in the order they were written.
    @Test func oneFileForBothStreamsKeepsEveryLineInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = directory.appending("both.log")
        let ending = try ChildProcess.run(
            "/bin/sh", ["-c", "echo 'ld.lld: error: the first, longer line'; echo 'error: short' >&2; echo last"],
            timeLimit: 60, standardErrorPath: log, standardOutputPath: log
        )
        #expect(ending == .exited(status: 0))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "ld.lld: error: the first, longer line\nerror: short\nlast\n")
    }
}

/// Cells measured together in one child (`IsolatedRunner.runInterleaved`, the timed price list's controls).
struct InterleavedCellsTests {
    /// A child that ends without a result fails every cell it was given, each row saying why.
    @Test func aChildWithoutAResultFailsEveryCell() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let runner = IsolatedRunner(executable: "/bin/false", configuration: .quick, cellTimeLimit: 60)
        let workloads = PriceList.controls(timed: true).prefix(3)
        let outcome = try runner.runInterleaved(workloads: Array(workloads), implementation: Registry.implementation(.baseline), scratch: scratch)
        #expect(outcome.complete)
        #expect(outcome.results.map(\.workload) == workloads.map(\.name))
        #expect(outcome.results.allSatisfy { $0.status == CellStatus.crashed && $0.detail == "the cell's process exited without a result" })
    }
}
