import ArgumentParser
import Foundation
import Harness
@_exported import StyleKit
@_exported import Workloads

/// The tool as a library: `reactive-bench` is `ReactiveBench.main()`, and a package that writes its own
/// operators makes its own executable that calls ``main(adding:)`` with its rows. Every command then
/// knows those rows beside the project's own (`list`, `run`, `summary`, `compare`, `ab`, `profile`), and
/// each cell's process runs that same executable, so it knows them too. The CSV is the same, so
/// `compare` and `scripts/plot` read the runs of either.
///
/// ```swift
/// import ReactiveBench
///
/// @main enum MyBench {
///     static func main() { ReactiveBench.main(adding: [Implementation(combine: MyOperators.self)]) }
/// }
/// ```
public enum ReactiveBench {
    /// Registers `implementations` (``Registry/add(_:)``), then runs the command line and exits. A row
    /// whose name is taken or malformed ends the program with one `error:` line and exit status 2.
    ///
    /// ArgumentParser reports bad input with a usage block and exit status 64; ReactiveBench promises
    /// one line naming the problem and exit status 2, for every kind of bad input.
    public static func main(adding implementations: [Implementation] = []) -> Never {
        do {
            try Registry.add(implementations)
            try RootCommand.checkCommandName(Array(CommandLine.arguments.dropFirst()))
            var command = try RootCommand.parseAsRoot()
            try command.run()
            RootCommand.exit()
        } catch let exit as ExitCode {
            RootCommand.exit(withError: exit)
        } catch let failure as OutputFailure {
            FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
            RootCommand.exit(withError: ExitCode(OutputFailure.exitStatus))
        } catch {
            guard RootCommand.exitCode(for: error) != .success else { RootCommand.exit(withError: error) }
            let message = error is RegistrationError ? "\(error)" : RootCommand.message(for: error)
            let line = message.split(separator: "\n").first.map(String.init) ?? "\(error)"
            let text = line.lowercased().hasPrefix("error:") ? line : "error: \(line)"
            FileHandle.standardError.write(Data("\(text)\n".utf8))
            RootCommand.exit(withError: ExitCode(2))
        }
    }
}
