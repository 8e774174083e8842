import Foundation
import Harness
import Testing

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

