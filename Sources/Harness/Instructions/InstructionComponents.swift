/// Where a profile's instructions execute: every function's own instructions (callgrind's self cost),
/// summed by the component its code belongs to. A function in a shared library belongs to that library
/// (the Swift runtime, the allocator, libc); one in the executable to the Swift module its mangled name
/// names, and the modules to the parts of a pipeline: the source and the sink, the library core
/// (OpenCombine, SimpleCombine, RxCore), the operator stages (the style's own module), the harness.
public struct InstructionComponents: Sendable, Equatable {
    public struct Share: Sendable, Equatable {
        public var component: String
        public var instructions: UInt64
    }

    /// The components, most instructions first.
    public var shares: [Share]
    /// callgrind's total for the file.
    public var total: UInt64

    /// The component of code that no rule names: what is left unexplained.
    public static let unnamed = "other code"

    /// The components of `file` (one part file of callgrind's).
    public static func read(_ file: String) throws(HarnessError) -> InstructionComponents {
        InstructionComponents(annotation: try CallgrindAnnotation.annotation(of: file, inclusive: false))
    }

    /// The components of callgrind_annotate's self-cost report. Frames that hold the whole region (main and
    /// the harness's calls down to the loop) show its total as their own in a part file; they are left out.
    init(annotation text: String) {
        let total = text.split(separator: "\n").lazy.compactMap(Self.programTotal).first ?? 0
        var sums: [String: UInt64] = [:]
        for function in CallgrindAnnotation.located(inAnnotation: text) where function.instructions < total || total == 0 {
            sums[Self.component(of: function.name, in: function.object), default: 0] += function.instructions
        }
        shares = sums.map { Share(component: $0.key, instructions: $0.value) }
            .sorted { ($0.instructions, $1.component) > ($1.instructions, $0.component) }
        self.total = total
    }

    /// The share of the total in components a rule names (99.1% to 100% in the five cells of
    /// docs/PROFILES.md).
    public var namedFraction: Double {
        guard total > 0 else { return 0 }
        let unnamed = shares.first { $0.component == Self.unnamed }?.instructions ?? 0
        return 1 - Double(unnamed) / Double(total)
    }

    private static func programTotal(_ line: Substring) -> UInt64? {
        guard line.contains("PROGRAM TOTALS") else { return nil }
        let digits = line.drop(while: { $0 == " " }).prefix(while: { $0.isNumber || $0 == "," })
        return UInt64(digits.filter { $0 != "," })
    }

    /// The component of the function `name` (mangled, as callgrind writes it) in the object file `object`.
    static func component(of name: String, in object: String) -> String {
        let file = object.split(separator: "/").last.map(String.init) ?? ""
        for (prefix, component) in libraries where file.hasPrefix(prefix) {
            return component
        }
        if let module = swiftModule(of: name) {
            return modules[module] ?? "operator stages (\(module))"
        }
        // The runtime's helpers the compiler emits into the executable (`__swift_instantiateGenericMetadata`).
        if name.hasPrefix("__swift_") || name.hasPrefix("swift_") { return "Swift runtime" }
        // OpenCombine's locks are C and C++ of its own (COpenCombineHelpers).
        if name.hasPrefix("opencombine_") || name.hasPrefix("(anonymous namespace)::") { return openCombine }
        return unnamed
    }

    /// The module a Swift mangled name belongs to: its first identifier after `$s`. A name that starts with
    /// the standard library (`$ss`, or a one-letter substitution such as `Sa` for Array) is the standard
    /// library's code specialised into the executable, unless one of the harness's modules follows
    /// (`$sSi9Workloads...` is an extension of Int in Workloads).
    static func swiftModule(of name: String) -> String? {
        guard name.hasPrefix("$s") else { return nil }
        var rest = name.dropFirst(2)[...]
        if rest.first == "s" { return "Swift" }
        var substituted = false
        while rest.first == "S", let next = rest.dropFirst().first, next.isLetter {
            rest = rest.dropFirst(2)
            substituted = true
        }
        let digits = rest.prefix(while: \.isNumber)
        let identifier = Int(digits).map { rest.dropFirst(digits.count).prefix($0) }.map(String.init)
        if substituted { return identifier.flatMap { modules[$0] != nil ? $0 : nil } ?? "Swift" }
        guard let identifier, !identifier.isEmpty else { return nil }
        return identifier
    }

    private static let openCombine = "library core (OpenCombine)"

    /// Shared libraries by the start of their file name.
    private static let libraries: [(String, String)] = [
        ("libswift", "Swift runtime"), ("libjemalloc", "allocator (jemalloc)"), ("libc.so", "libc and locks"),
        ("libc-", "libc and locks"), ("libpthread", "libc and locks"), ("libm.so", "libc and locks"),
        ("ld-linux", "dynamic loader"), ("libdispatch", "Foundation and Dispatch"), ("libFoundation", "Foundation and Dispatch"),
        ("libBlocksRuntime", "Foundation and Dispatch"), ("libstdc++", "libc and locks"), ("libgcc", "libc and locks"),
    ]

    /// The executable's modules that are not operator stages.
    private static let modules: [String: String] = [
        "Workloads": "source and sink", "DirectSources": "source and sink", "Subjects": "source and sink",
        "OpenCombine": openCombine, "SimpleCombine": "library core (SimpleCombine)", "RxCore": "library core (RxCore)",
        "RxSwift": "library core (RxSwift)", "Harness": "harness", "Runner": "harness", "ReactiveBench": "harness",
        "Implementations": "harness", "StyleKit": "harness", "CombineFramework": "harness", "Synchronization": "Swift runtime",
        "Swift": "Swift runtime", "_Concurrency": "Swift runtime",
    ]
}
