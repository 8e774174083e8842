/// Where an instruction executes: the part of the program its function belongs to. A function in a
/// shared library belongs to that library's part (the Swift runtime, the allocator, libc); one in the
/// executable to the part its Swift module plays in a pipeline (the source and the sink, the library core,
/// the operator stages, the harness). results.csv has one `instructions_in_<stem>_per_unit` column per case
/// (docs/CSV.md).
public enum InstructionComponent: String, CaseIterable, Sendable, Codable {
    /// The workloads' sources and sinks: subjects, direct sources, the output that folds the checksum.
    case sourceAndSink = "source_and_sink"
    /// The style's own module: its operators' code (a module no other rule names).
    case operatorStages = "operator_stages"
    /// The reactive library the pipeline runs on: OpenCombine (with its C locks), SimpleCombine, RxCore,
    /// RxSwift.
    case libraryCore = "library_core"
    /// libswiftCore and the other Swift libraries, the runtime helpers compiled into the executable, and
    /// the standard library's generic code specialised into it.
    case swiftRuntime = "swift_runtime"
    /// jemalloc.
    case allocator
    /// libc, libpthread, libm, libstdc++ and libgcc.
    case libcAndLocks = "libc_and_locks"
    /// The harness's own modules: the cell's loop, the style kit, the tool.
    case harness
    /// ld-linux: in a steady region, `__tls_get_addr`, which finds the runtime's thread-local state
    /// (the exclusivity checks' access set) on every such access.
    case dynamicLoader = "dynamic_loader"
    /// libdispatch, Foundation and the blocks runtime.
    case foundationAndDispatch = "foundation_and_dispatch"
    /// Code no rule names: what is left unexplained.
    case otherCode = "other_code"

    /// The stem of its results.csv column.
    public var columnStem: String { rawValue }

    /// How `profile`, the summary and the charts name it.
    public var title: String {
        switch self {
        case .sourceAndSink: "source and sink"
        case .operatorStages: "operator stages"
        case .libraryCore: "library core"
        case .swiftRuntime: "Swift runtime"
        case .allocator: "allocator"
        case .libcAndLocks: "libc and locks"
        case .harness: "harness"
        case .dynamicLoader: "dynamic loader (thread-locals)"
        case .foundationAndDispatch: "Foundation and Dispatch"
        case .otherCode: "other code"
        }
    }

    /// The component of the function `name` (mangled, as callgrind writes it) in the object file
    /// `object`, and the name `profile` shows for it: the title, with the module for the operator stages
    /// and the library core (`operator stages (StructBridge)`), the library for the allocator.
    public static func of(function name: String, in object: String) -> (component: InstructionComponent, label: String) {
        let file = object.split(separator: "/").last.map(String.init) ?? ""
        if let component = libraries.first(where: { file.hasPrefix($0.prefix) })?.component {
            return (component, component == .allocator ? "allocator (jemalloc)" : component.title)
        }
        if let module = swiftModule(of: name) {
            if let component = modules[module] {
                return (component, component == .libraryCore ? "library core (\(module))" : component.title)
            }
            return (.operatorStages, "operator stages (\(module))")
        }
        // The runtime's helpers the compiler emits into the executable (`__swift_instantiateGenericMetadata`).
        if name.hasPrefix("__swift_") || name.hasPrefix("swift_") { return (.swiftRuntime, swiftRuntime.title) }
        // OpenCombine's locks are C and C++ of its own (COpenCombineHelpers).
        if name.hasPrefix("opencombine_") || name.hasPrefix("(anonymous namespace)::") {
            return (.libraryCore, "library core (OpenCombine)")
        }
        return (.otherCode, otherCode.title)
    }

    /// The module a Swift mangled name belongs to: its first identifier after `$s`. A name that starts with
    /// the standard library (`$ss`, or a one-letter substitution such as `Sa` for Array) is the standard
    /// library's code specialised into the executable, unless one of the harness's modules follows
    /// (`$sSi9Workloads...` is an extension of Int in Workloads). A name that starts with a generic
    /// parameter (`$sx11OpenCombine...`, a reabstraction thunk) belongs to the first module it names.
    static func swiftModule(of name: String) -> String? {
        guard name.hasPrefix("$s") else { return nil }
        var rest = name.dropFirst(2)[...]
        if rest.first == "s" { return "Swift" }
        if let first = rest.first, !first.isNumber, first != "S" { rest = rest.drop(while: { !$0.isNumber }) }
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

    /// Shared libraries by the start of their file name.
    private static let libraries: [(prefix: String, component: InstructionComponent)] = [
        ("libswift", .swiftRuntime), ("libjemalloc", .allocator), ("libc.so", .libcAndLocks), ("libc-", .libcAndLocks),
        ("libpthread", .libcAndLocks), ("libm.so", .libcAndLocks), ("libstdc++", .libcAndLocks), ("libgcc", .libcAndLocks),
        ("ld-linux", .dynamicLoader), ("libdispatch", .foundationAndDispatch), ("libFoundation", .foundationAndDispatch),
        ("libBlocksRuntime", .foundationAndDispatch),
    ]

    /// The executable's modules that are not operator stages.
    private static let modules: [String: InstructionComponent] = [
        "Workloads": .sourceAndSink, "DirectSources": .sourceAndSink, "Subjects": .sourceAndSink,
        "OpenCombine": .libraryCore, "SimpleCombine": .libraryCore, "RxCore": .libraryCore, "RxSwift": .libraryCore,
        "Harness": .harness, "Runner": .harness, "ReactiveBench": .harness,
        "StyleKit": .harness, "CombineFramework": .harness,
        "Synchronization": .swiftRuntime, "Swift": .swiftRuntime, "_Concurrency": .swiftRuntime,
    ]
}
