/// Where an instruction executes: the part of the program its function belongs to. A function in a
/// shared library belongs to that library's part (the Swift runtime, the allocator, libc); one in the
/// executable to the part its Swift module plays in a pipeline (the source and the sink, the library core,
/// the operator stages, the harness), but for a slow consumer's own work, which is a part of its own.
/// results.csv has one `instructions_in_<stem>_per_unit` column per case (docs/CSV.md).
public enum InstructionComponent: String, CaseIterable, Sendable, Codable {
    case sourceAndSink = "source_and_sink"
    case consumerWork = "consumer_work"
    case operatorStages = "operator_stages"
    case libraryCore = "library_core"
    case swiftRuntime = "swift_runtime"
    case allocator
    case libcAndLocks = "libc_and_locks"
    case harness
    case dynamicLoader = "dynamic_loader"
    case foundationAndDispatch = "foundation_and_dispatch"
    case otherCode = "other_code"

    /// The stem of its results.csv column.
    public var columnStem: String { rawValue }

    /// What runs there, as results.csv's column and `reactive-bench schema` say it.
    public var meaning: String {
        switch self {
        case .sourceAndSink: "the workloads' sources and sinks (modules `Workloads`, `Subjects`, `DirectSources`)"
        case .consumerWork:
            "a slow consumer's own work per value (`ConsumerWork.perform` in `Workloads`): xorshift steps, each waiting for "
                + "the one before, the chain the dependent-instruction control times"
        case .operatorStages: "the style's own module (any Swift module no other rule names, so a package's own style too)"
        case .libraryCore: "the reactive library the pipeline runs on (OpenCombine with its C locks, SimpleCombine, RxCore, RxSwift)"
        case .swiftRuntime:
            "the Swift runtime (`libswift*`, the runtime helpers compiled into the executable, the standard library's "
                + "generic code specialised into it, `Synchronization`)"
        case .allocator: "the allocator (jemalloc)"
        case .libcAndLocks: "libc (pthread mutexes), libm, libstdc++ and libgcc"
        case .harness: "the harness (the cell's loop and the tool: `Harness`, `Runner`, `ReactiveBench`, `StyleKit`, `CombineFramework`)"
        case .dynamicLoader: "the dynamic loader (`ld-linux`: `__tls_get_addr`, which finds the runtime's thread-local state)"
        case .foundationAndDispatch: "libdispatch, Foundation and the blocks runtime"
        case .otherCode: "code no rule names: what is left unexplained"
        }
    }

    /// How `profile`, the summary and the charts name it.
    public var title: String {
        switch self {
        case .sourceAndSink: "source and sink"
        case .consumerWork: "consumer's work"
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
        if name.hasPrefix(consumerWorkFunction) { return (.consumerWork, consumerWork.title) }
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

    /// The start of the mangled name of `ConsumerWork.perform(rounds:seed:)` in `Workloads` and of its
    /// specialisations (`...FZTf4nnd_n`).
    static let consumerWorkFunction = "$s9Workloads12ConsumerWorkO7perform"

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
