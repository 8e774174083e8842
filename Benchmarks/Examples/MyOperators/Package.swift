// swift-tools-version: 6.1
import PackageDescription

// What a package that writes its own operators adds to benchmark them beside ReactiveBench's styles: one
// file of operators and their style (Sources/MyOperators), an executable that is the tool with that row
// added (Sources/my-bench), and a test target. Outside this repository, depend on ReactiveBench by URL:
//     .package(url: "https://github.com/<owner>/ReactiveBench.git", from: "1.0.0")
let package = Package(
    name: "MyOperators",
    dependencies: [
        .package(name: "ReactiveBench", path: "../../.."),
    ],
    targets: [
        .target(
            name: "MyOperators",
            // StyleKit, and CombineFramework: Apple's Combine on Apple platforms, OpenCombine elsewhere.
            dependencies: [.product(name: "ReactiveBenchStyles", package: "ReactiveBench")]
        ),
        .executableTarget(
            name: "my-bench",
            dependencies: ["MyOperators", .product(name: "ReactiveBench", package: "ReactiveBench")]
        ),
        .testTarget(
            name: "MyOperatorsTests",
            dependencies: [
                "MyOperators", .product(name: "ReactiveBenchStyles", package: "ReactiveBench"),
                // The conformance contracts every ReactiveBench style passes: CombineConformance.check.
                .product(name: "ReactiveBenchConformance", package: "ReactiveBench"),
            ]
        ),
    ]
)
