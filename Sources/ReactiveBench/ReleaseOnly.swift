import ArgumentParser
import Foundation

/// `run` and `ab` measure, so a debug build refuses them in one `error:` line with exit status 2 (its
/// times would be of unoptimised code). In a release build, `execute` runs and the command exits 1 when
/// it returns true (a cell failed, a cell regressed); bad input and harness errors end in
/// `ReactiveBench.main`: one `error:` line, exit status 2.
func measureInAReleaseBuild(_ execute: () throws -> Bool) throws {
    #if DEBUG
    FileHandle.standardError.write(Data("error: reactive-bench measures release builds only: build with `swift build -c release` (or use scripts/bench)\n".utf8))
    throw ExitCode(2)
    #else
    if try execute() { throw ExitCode(1) }
    #endif
}
