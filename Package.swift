// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The flags below are this package's build settings wherever it is built: as the root package, and as a
// dependency another package names by URL and version (SwiftPM 6.2 and later accept a versioned
// dependency's unsafe flags when its manifest's tools version is 6.2 or later; before, such a dependency was
// refused). So this repository's rows execute the same code in `scripts/bench`'s build and in a dependent's
// (`swift package reactive-bench`, docs/YOUR-OPERATORS.md).

// Specialisation across module boundaries is a first-order effect on these numbers (docs/PROFILES.md):
// every operator style lives in its own module, so release builds use -cross-module-optimization
// unless REACTIVE_BENCH_CMO=0. The tool records which one was built into every run's environment.
let crossModuleOptimization = ProcessInfo.processInfo.environment["REACTIVE_BENCH_CMO"] != "0"

// Where the linker puts a hot loop moves its time: two builds that differ in one operator file lay out
// everything after it anew, and a hand-written loop of a few ns per element moved by up to 28% between
// two such builds with its own code unchanged (docs/COMPARE.md, "A/B"). Release builds therefore start
// every function and every loop on a 64-byte boundary unless REACTIVE_BENCH_ALIGN=0; the tool records it.
let codeAlignment = ProcessInfo.processInfo.environment["REACTIVE_BENCH_ALIGN"] != "0"

// The optional `rxSwift` row (docs/RX-FIDELITY.md): REACTIVE_BENCH_RXSWIFT=/path/to/RxSwift, a checkout the user
// supplies, is added by path; nothing is downloaded and RxSwift is never part of the repository. Set, every
// target is compiled with REACTIVE_BENCH_RXSWIFT (the code that uses RxSwift is compiled only then) and the
// registry lists the row; unset, the package graph is exactly as without this block.
let rxSwiftCheckout = ProcessInfo.processInfo.environment["REACTIVE_BENCH_RXSWIFT"].flatMap { $0.isEmpty ? nil : $0 }
let rxSwiftPackage: [Package.Dependency] = rxSwiftCheckout.map { [.package(path: $0)] } ?? []
/// RxSwift's product and the project's operators over it, for the targets that run the row.
let rxSwiftRow: [Target.Dependency] = rxSwiftCheckout.map { path in
    // A path dependency's identity is the last component of its path.
    let identity = URL(fileURLWithPath: path).lastPathComponent.lowercased()
    return [.product(name: "RxSwift", package: identity), "RxSwiftOperators"]
} ?? []
/// Set on every target, tests included, in a build with the row.
let rxSwiftDefine: [SwiftSetting] = rxSwiftCheckout == nil ? [] : [.define("REACTIVE_BENCH_RXSWIFT")]

let optimisation: [SwiftSetting] = (crossModuleOptimization
    ? [
        .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
        .define("REACTIVE_BENCH_CMO"),
    ]
    : [])
    + (codeAlignment
        ? [
            .unsafeFlags(["-Xllvm", "-align-loops=64", "-Xllvm", "-align-all-functions=6"], .when(configuration: .release)),
            .define("REACTIVE_BENCH_ALIGNED"),
        ]
        : [])
    + rxSwiftDefine

let rxSwiftTargets: [Target] = rxSwiftCheckout == nil ? [] : [
    // What an RxSwift user writes for the operators RxSwift does not have (modulus, histogram,
    // sampleWithFrom), composed from its public operators.
    .target(
        name: "RxSwiftOperators",
        dependencies: [rxSwiftRow[0], "StyleKit"],
        swiftSettings: optimisation
    ),
]

// The Combine every Combine-family module builds on: Apple's where it exists (macOS, iOS), OpenCombine
// elsewhere, through one seam (Sources/CombineFramework; docs/YOUR-OPERATORS.md, "Apple's Combine").
let openCombine: Target.Dependency = "CombineFramework"
let notApple: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

let asyncAlgorithms: Target.Dependency = .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")

let package = Package(
    name: "ReactiveBench",
    products: [
        .executable(name: "reactive-bench", targets: ["reactive-bench"]),
        // The tool as a library, for a package that benchmarks its own operators beside the project's
        // (Benchmarks/Examples/MyOperators): `ReactiveBench.main(adding:)` in the package's executable.
        .library(name: "ReactiveBench", targets: ["ReactiveBench"]),
        // The styles as libraries, for scratch packages that want to try one (`.package(path:)`).
        .library(
            name: "ReactiveBenchStyles",
            targets: [
                "CombineFramework", "StyleKit", "RxCore", "StructBridge", "LeanBridge", "ClassSubscription", "AnySubscriberStyle", "Builtin",
                "RxSinks", "Subjects", "SimpleCombine", "SimpleCombineOperators", "AsyncSequenceStyle",
                "DirectSources",
            ]
        ),
        // The scenario table, the registry and the harness, for the package-benchmark suite
        // (Benchmarks/PackageBenchmark, a nested package).
        .library(name: "ReactiveBenchWorkloads", targets: ["Workloads", "Harness"]),
        // The conformance suite, for a package's own tests of its Combine style:
        // `CombineConformance.check(MyOperators.self)` in a Swift Testing test.
        .library(name: "ReactiveBenchConformance", targets: ["ReactiveBenchConformance"]),
        // `swift package reactive-bench <command>`: builds a package's tool in release and runs the command
        // with it, for this repository and for every package that depends on it.
        .plugin(name: "ReactiveBenchPlugin", targets: ["ReactiveBenchPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.1.4"),
    ] + rxSwiftPackage,
    targets: [
        // The allocator's control interface, looked up at run time (see shim.h).
        .systemLibrary(name: "CJemalloc", path: "Sources/CJemalloc"),

        // Callgrind's client requests (no-ops without valgrind's headers) and a perf instruction counter.
        .target(name: "CCallgrind"),

        // Controls that do an exact number of branches, mispredictions and cache misses per call, for
        // callgrind's cache and branch simulation (`run --metric instructions --simulate`).
        .target(name: "CEventControls"),

        // Cell processes that die with their parent, and the clean-up a second SIGINT does.
        .target(name: "CProcessControl"),

        // How deep an element's delivery nests its calls, along the frame-pointer chain (call_depth).
        .target(name: "CCallDepth"),

        // The seam between Apple's Combine and OpenCombine: re-exports one or the other.
        .target(
            name: "CombineFramework",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: notApple)),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: notApple)),
            ],
            swiftSettings: optimisation
        ),

        // Names, shared value types and the protocol every Combine-family style conforms to.
        .target(name: "StyleKit", dependencies: [openCombine], swiftSettings: optimisation),

        // The Rx substrate, after RxSwift's architecture (the Producer/Sink pattern, docs/ORIGINS.md).
        .target(name: "RxCore", swiftSettings: optimisation),

        // One module per implementation style; one file per operator inside each.
        .target(name: "StructBridge", dependencies: ["StyleKit", openCombine], swiftSettings: optimisation),
        .target(name: "LeanBridge", dependencies: ["StyleKit", "StructBridge", openCombine], swiftSettings: optimisation),
        .target(name: "ClassSubscription", dependencies: ["StyleKit", openCombine], swiftSettings: optimisation),
        .target(name: "AnySubscriberStyle", dependencies: ["StyleKit", openCombine], swiftSettings: optimisation),
        .target(name: "Builtin", dependencies: ["StyleKit", openCombine], swiftSettings: optimisation),
        .target(name: "RxSinks", dependencies: ["RxCore", "StyleKit"], swiftSettings: optimisation),
        .target(name: "Subjects", dependencies: ["StyleKit", openCombine], swiftSettings: optimisation),

        // A from-scratch Combine core, the SimpleCombine pattern (docs/ORIGINS.md): its own Publisher,
        // Subscriber, Subscription, demand, PassthroughSubject with a conduit per subscriber and Sink; and
        // its operators as struct bridges: how much of a pipeline's cost is the framework.
        .target(name: "SimpleCombine", swiftSettings: optimisation),
        .target(name: "SimpleCombineOperators", dependencies: ["SimpleCombine", "StyleKit"], swiftSettings: optimisation),

        // Swift concurrency: AsyncStream and AsyncChannel sources fed from the measuring thread, the
        // standard library's and async-algorithms' operators, a consumer task iterating with `for await`.
        .target(
            name: "AsyncSequenceStyle",
            dependencies: ["StyleKit", asyncAlgorithms],
            swiftSettings: optimisation
        ),

        // Minimal synchronous sources for the Combine, SimpleCombine and Rx families, for workloads whose
        // source is not under test.
        .target(name: "DirectSources", dependencies: ["RxCore", "SimpleCombine", openCombine], swiftSettings: optimisation),

        // Clock, allocation probe, latency recorder, statistics, runner, CSV, comparison.
        .target(
            name: "Harness",
            dependencies: [
                "CJemalloc", "CCallgrind", "CProcessControl", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: optimisation
        ),

        // The workloads, written once, the scenario table, and the registry of rows (every implementation
        // by name, with what it supports) that the table drives.
        .target(
            name: "Workloads",
            dependencies: [
                "Harness", "StyleKit", "StructBridge", "LeanBridge", "ClassSubscription", "AnySubscriberStyle", "Builtin", "RxCore",
                "RxSinks", "Subjects", "DirectSources", "SimpleCombine", "SimpleCombineOperators", "AsyncSequenceStyle",
                "CEventControls", "CCallDepth", openCombine, asyncAlgorithms,
            ] + rxSwiftRow,
            path: "Benchmarks/Workloads",
            swiftSettings: optimisation
        ),

        // Orchestration: cell plans, repetitions interleaved or one process per cell, the noise gate,
        // the CSV rows. Between the scenarios (Workloads) and the tool.
        .target(
            name: "Runner",
            dependencies: ["Harness", "Workloads", "StyleKit", "CCallDepth"],
            swiftSettings: optimisation
        ),

        // The cost model: a run's counts priced by its price list (estimates.csv and the files beside it),
        // from a finished run directory.
        .target(name: "CostModel", dependencies: ["Harness", "Workloads", "Runner"], swiftSettings: optimisation),

        // The tool as a library: its commands, and `ReactiveBench.main(adding:)` for a package's own rows.
        .target(
            name: "ReactiveBench",
            dependencies: [
                "Runner", "CostModel", "Workloads", "Harness", "StyleKit", "CombineFramework",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: optimisation,
            // jemalloc becomes the process allocator of every executable made with it (Debian:
            // libjemalloc-dev).
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),
        .executableTarget(name: "reactive-bench", dependencies: ["ReactiveBench"], swiftSettings: optimisation),

        // The command plugin (the product above). Running a command writes its run directory, results/
        // by default, in the package: SwiftPM asks for that permission (in a terminal) or takes
        // `--allow-writing-to-package-directory`.
        .plugin(
            name: "ReactiveBenchPlugin",
            capability: .command(
                intent: .custom(
                    verb: "reactive-bench",
                    description: "Build the package's ReactiveBench tool in release and run a command with it (run, summary, compare, ab, profile, list, merge, ...)"
                ),
                permissions: [.writeToPackageDirectory(reason: "a run writes its run directory (results/ by default) in the package")]
            ),
            path: "Sources/ReactiveBenchPlugin"
        ),

        // Helpers the test targets and the conformance library use (a test target cannot import another).
        .target(name: "TestSupport", dependencies: ["StyleKit", openCombine], path: "Tests/TestSupport"),

        // The conformance contracts, written once over a factory (docs/SEMANTICS.md): a package's tests hold its
        // Combine style to them through `CombineConformance`, and ConformanceTests holds every project row to
        // them. Swift Testing ships with the toolchain.
        .target(
            name: "ReactiveBenchConformance",
            dependencies: [
                "StyleKit", "DirectSources", "SimpleCombine", "TestSupport", openCombine,
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: optimisation
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "ReactiveBenchConformance", "TestSupport", "StyleKit", "Workloads", "RxCore", "RxSinks", "Subjects",
                "SimpleCombine", "SimpleCombineOperators", "DirectSources", openCombine,
            ],
            swiftSettings: rxSwiftDefine
        ),
        .testTarget(name: "SimpleCombineTests", dependencies: ["TestSupport", "SimpleCombine"]),
        .testTarget(
            name: "AsyncSequenceStyleTests",
            dependencies: ["TestSupport", "AsyncSequenceStyle", "Harness", "StyleKit", asyncAlgorithms]
        ),
        .testTarget(
            name: "HarnessTests",
            dependencies: ["TestSupport", "Harness", "Workloads", "Runner", "CostModel", "StyleKit", openCombine],
            // The allocation probe needs jemalloc as the process allocator, as in the tool: linked, plain
            // `swift test` has it without LD_PRELOAD. (Under a sanitizer, whose runtime is linked into the
            // test executable, the sanitizer's malloc still wins; those runs do not probe allocations.)
            swiftSettings: rxSwiftDefine,
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),
    ] + rxSwiftTargets,
    swiftLanguageModes: [.v5]
)
