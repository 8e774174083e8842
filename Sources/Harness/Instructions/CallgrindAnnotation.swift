import Foundation

/// The hottest functions of a callgrind file, by self or inclusive instructions, read with
/// `callgrind_annotate` (which ships with valgrind) and demangled with `swift-demangle --simplified`.
public struct CallgrindAnnotation: Sendable {
    public struct Function: Sendable, Equatable {
        public var instructions: UInt64
        /// Demangled when swift-demangle was found; the object file's path left out.
        public var name: String
    }

    /// Functions by self instructions, most first.
    public var bySelf: [Function]
    /// Functions by inclusive instructions (themselves and what they call), most first.
    public var byInclusive: [Function]
    /// False when swift-demangle was not found: the names are mangled.
    public var demangled: Bool

    /// Annotates `file`, keeping the `top` functions of each list.
    public static func read(_ file: String, top: Int) throws(HarnessError) -> CallgrindAnnotation {
        let demangler = Executables.find("swift-demangle", extraDirectories: ["/opt/swift/usr/bin"])
        var lists: [[Function]] = []
        for inclusive in [false, true] {
            var functions = Array(functions(inAnnotation: try annotation(of: file, inclusive: inclusive)).prefix(top))
            if let demangler { demangle(&functions, with: demangler, scratch: "\(file).names") }
            lists.append(functions)
        }
        return CallgrindAnnotation(bySelf: lists[0], byInclusive: lists[1], demangled: demangler != nil)
    }

    /// callgrind_annotate's report of `file`: every function, by self or inclusive instructions.
    static func annotation(of file: String, inclusive: Bool) throws(HarnessError) -> String {
        guard let annotate = Executables.find("callgrind_annotate") else {
            throw HarnessError("callgrind_annotate not found on the PATH (it comes with valgrind)")
        }
        let output = "\(file).annotate-\(inclusive ? "yes" : "no")"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = Executables.run(
            annotate, ["--inclusive=\(inclusive ? "yes" : "no")", "--show=Ir", "--threshold=100", file], outputPath: output
        )
        guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            throw HarnessError("callgrind_annotate could not read \(file) (status \(status))")
        }
        return text
    }

    /// The function lines of callgrind_annotate's report: `1,234 (12.3%)  file:function [object]`, or
    /// without the percentage in older versions; `PROGRAM TOTALS` is not a function.
    static func functions(inAnnotation text: String) -> [Function] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop(while: { $0 == " " })
            guard let space = trimmed.firstIndex(of: " "),
                let count = UInt64(trimmed[..<space].filter { $0 != "," })
            else { return nil }
            var rest = trimmed[space...].drop(while: { $0 == " " })
            if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
            }
            guard !rest.hasPrefix("PROGRAM TOTALS"), !rest.isEmpty else { return nil }
            if let bracket = rest.range(of: " [", options: .backwards) { rest = rest[..<bracket.lowerBound] }
            if let colon = rest.firstIndex(of: ":") { rest = rest[rest.index(after: colon)...] }
            return Function(instructions: count, name: String(rest))
        }
    }

    /// Replaces mangled names by swift-demangle's simplified ones (one name per line in, one out).
    private static func demangle(_ functions: inout [Function], with demangler: String, scratch: String) {
        let input = "\(scratch).in", output = "\(scratch).out"
        defer {
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: output)
        }
        guard (try? functions.map(\.name).joined(separator: "\n").write(toFile: input, atomically: false, encoding: .utf8)) != nil,
            Executables.run(demangler, ["--simplified"], inputPath: input, outputPath: output) == 0,
            let text = try? String(contentsOfFile: output, encoding: .utf8)
        else { return }
        let names = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard names.count >= functions.count else { return }
        for index in functions.indices { functions[index].name = String(names[index]) }
    }
}
