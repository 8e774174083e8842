// swift-tools-version: 6.1
import PackageDescription

// The scenario table as a package-benchmark suite (`swift package benchmark`), for teams that already
// keep baselines and thresholds there. A nested package, so the main build never compiles
// package-benchmark; it reaches the workloads through the root package's `ReactiveBenchWorkloads`.
// See docs/PACKAGE-BENCHMARK.md.
let package = Package(
    name: "ReactiveBenchPackageBenchmark",
    dependencies: [
        // Named, so the product reference below does not depend on the checkout's directory name.
        .package(name: "ReactiveBench", path: "../.."),
        // Its malloc counts come from this interposer (LD_PRELOADed by the plugin). The ARC metrics,
        // the "RuntimeInterposer" trait, crash on Linux with Swift 6.3: leave them off.
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        // The counters package-benchmark reads, read directly around set-up (allocations per subscription).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "ReactiveBenchSuite",
            dependencies: [
                .product(name: "ReactiveBenchWorkloads", package: "ReactiveBench"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Benchmarks/ReactiveBenchSuite",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
