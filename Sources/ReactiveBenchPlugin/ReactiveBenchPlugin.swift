import Foundation
import PackagePlugin

/// `swift package reactive-bench <command> [options]`: builds the package's tool (the executable that
/// calls `ReactiveBench.main(adding:)`, or this repository's own `reactive-bench`) in release, as
/// `swift build -c release --product <tool>` does, and runs the command with it.
///
/// The build is the ordinary release build, with no flag of its own: the settings every measurement needs
/// (cross-module optimisation, code alignment) are ReactiveBench's `Package.swift`'s, which SwiftPM applies
/// to its modules whether ReactiveBench is the root package or a dependency, so a run through this plugin
/// and one of a tool built by hand execute the same code (docs/YOUR-OPERATORS.md).
///
/// Options of the plugin's own: `--product NAME`, the tool to build when the package has several. Every
/// other argument goes to the tool as it is.
@main
struct ReactiveBenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "product")
        let toolArguments = extractor.remainingArguments
        do {
            let tool = try ToolProduct.choose(in: context.package, named: named)
            let executable = try build(tool)
            try ToolProcess(executable: executable, arguments: toolArguments).run()
        } catch let failure as PluginFailure {
            Diagnostics.error(failure.message)
        }
    }

    /// The tool in release, built as `swift build -c release --product <tool>` builds it; its build log is
    /// echoed as it goes.
    private func build(_ tool: ExecutableProduct) throws -> URL {
        say("Building \(tool.name) in release (the first build of a package takes minutes)...")
        let result = try packageManager.build(
            .product(tool.name), parameters: .init(configuration: .release, logging: .concise, echoLogs: true)
        )
        guard result.succeeded else {
            throw PluginFailure("building \(tool.name) in release failed (its log is above)")
        }
        guard let executable = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginFailure("building \(tool.name) in release made no executable")
        }
        // The echoed log's last line ("Build of product ... complete!") has no line end of its own.
        if !result.logText.hasSuffix("\n") { say("") }
        return executable.url
    }
}

/// A failure of the plugin's own: one `error:` line (SwiftPM prints it and exits with status 1).
struct PluginFailure: Error {
    let message: String

    init(_ message: String) { self.message = message }
}

/// Writes one line to standard output at once, before anything the tool writes there.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

/// Writes one line to standard error.
func standardError(_ line: String) {
    FileHandle.standardError.write(Data("\(line)\n".utf8))
}
