import Foundation
import Harness

/// Copies of one build that differ only in where each function lies: its objects linked again by lld with
/// `--shuffle-sections`, one seed per layout.
///
/// Where a function lies moves its time by itself (alignment, which functions share a cache line or a page,
/// the branch predictor's aliasing), and every change to a program lays out anew what follows it. Two links
/// of one build's objects in two shuffled orders differed by 10.9% on `pipelineDepth (16) [direct] / builtin`
/// (docs/COMPARE.md). A paired test cannot tell such luck from a change when each side is one layout all
/// through; `ab` gives each round of pairs another layout of each side, so the luck varies from round to
/// round and averages out in the pairs' median.
///
/// The link is SwiftPM's own: the command its build manifest (`<build directory>/release.yaml`) holds for
/// the executable, with another output and the shuffle added. A build whose objects are newer than its
/// executable, or without a manifest beside it (a copied executable), cannot be relinked: ``make(_:count:into:)``
/// says why instead.
public enum CodeLayouts {
    /// The layouts' executables, each named like the build's (the tool finds its product name so), in
    /// `<directory>/<seed>/`, seeds from 1.
    public static func make(
        _ executable: String, count: Int, into directory: String, shouldStop: () -> Bool = { false }
    ) -> Result<[String], Unavailable> {
        let built = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        guard let (manifest, text) = manifest(near: built) else {
            return .failure(Unavailable("no SwiftPM build manifest (release.yaml) lies above \(built)"))
        }
        guard let command = LinkCommand(executable: built, manifest: text) else {
            return .failure(Unavailable("\(manifest) has no link command for \(built)"))
        }
        if let newer = command.inputs.first(where: { modified($0) > modified(built) }) {
            return .failure(Unavailable("\(newer) is newer than the executable (built since): its objects are no longer its code"))
        }
        var layouts: [String] = []
        for seed in 1...max(1, count) {
            let output = "\(directory)/\(seed)/\((built as NSString).lastPathComponent)"
            do {
                try FileManager.default.createDirectory(atPath: "\(directory)/\(seed)", withIntermediateDirectories: true)
            } catch {
                return .failure(Unavailable("cannot create \(directory)/\(seed): \(error.localizedDescription)"))
            }
            // Once more after a failure: a link of the same objects that failed once (exit status 1, in 2 of 5
            // runs of the whole test suite on these VMs, at a load of 18 where it was seen, never alone) is
            // the machine's, not the build's; a second failure is. A link stopped with the run is not tried again.
            let arguments = command.arguments(output: output, shuffleSeed: seed)
            if let failure = link(arguments, output: output, log: "\(directory)/\(seed).log", shouldStop: shouldStop) {
                if shouldStop() { return .failure(Unavailable("stopped while linking it (\(failure))")) }
                if let again = link(arguments, output: output, log: "\(directory)/\(seed).log", shouldStop: shouldStop) {
                    return .failure(Unavailable("linking it with lld failed twice (\(failure); then \(again))"))
                }
            }
            layouts.append(output)
        }
        return .success(layouts)
    }

    /// Links `output` with `arguments` (the compiler driver's), its output in `log`: nil when it is linked,
    /// else why not, in the words of the first line of the log that names an error, the linker's before the
    /// driver's summary ("error: link command failed"), wherever in the log each stands.
    private static func link(_ arguments: [String], output: String, log: String, shouldStop: () -> Bool) -> String? {
        do throws(HarnessError) {
            let ending = try ChildProcess.run(
                arguments[0], Array(arguments.dropFirst()), timeLimit: 600, standardErrorPath: log, standardOutputPath: log,
                shouldStop: shouldStop
            )
            if case .exited(status: 0) = ending, FileManager.default.isExecutableFile(atPath: output) { return nil }
            let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("error") }
            let line = lines.first { !$0.hasPrefix("error: link command failed") } ?? lines.first
            return "\(ending): \(line.map(String.init) ?? "see \(log)")"
        } catch {
            return error.message
        }
    }

    /// Why a build cannot be relinked.
    public struct Unavailable: Error, Equatable {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// The first `release.yaml` in the executable's directory or above it (`.build/release/<tool>` lies
    /// in `.build/<triple>/release/`, the manifest in `.build/`), with its text.
    private static func manifest(near executable: String) -> (String, String)? {
        var directory = (executable as NSString).deletingLastPathComponent
        for _ in 0..<4 {
            let candidate = "\(directory)/release.yaml"
            if let text = try? String(contentsOfFile: candidate, encoding: .utf8) { return (candidate, text) }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantFuture
    }
}

/// The command a SwiftPM build manifest (llbuild's YAML) holds for linking one executable: the block whose
/// `outputs` is that executable alone, its `inputs` and `args` (JSON arrays, as SwiftPM writes them).
public struct LinkCommand: Equatable {
    public let inputs: [String]
    public let arguments: [String]

    public init?(executable: String, manifest: String) {
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let outputs = "outputs: [\(Self.quoted(executable))]"
        guard let at = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == outputs }) else { return nil }
        // The command's other fields, up to the next command (a line indented less than its fields).
        let indent = lines[at].prefix { $0 == " " }.count
        var field: [String: [String]] = [:]
        var index = at - 1
        while index >= 0, lines[index].prefix(while: { $0 == " " }).count == indent { index -= 1 }
        for line in lines[(index + 1)...].prefix(while: { $0.prefix(while: { $0 == " " }).count == indent }) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            for name in ["inputs", "args"] where trimmed.hasPrefix("\(name): [") {
                field[name] = (try? JSONDecoder().decode([String].self, from: Data(trimmed.dropFirst(name.count + 2).utf8)))
            }
        }
        guard let inputs = field["inputs"], let arguments = field["args"], arguments.count > 2,
              let output = arguments.firstIndex(of: "-o"), output + 1 < arguments.count,
              arguments[output + 1] == executable
        else { return nil }
        self.inputs = inputs
        self.arguments = arguments
    }

    /// The same link into `output`, by lld, its sections (one a function: Swift and clang emit function
    /// sections) in the order `seed` shuffles them into.
    public func arguments(output: String, shuffleSeed seed: Int) -> [String] {
        var result = arguments
        result[result.firstIndex(of: "-o")! + 1] = output
        return result + ["-use-ld=lld", "-Xlinker", "--shuffle-sections=.text*=\(seed)"]
    }

    private static func quoted(_ path: String) -> String {
        "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
