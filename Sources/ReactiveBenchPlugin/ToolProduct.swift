import PackagePlugin

/// Which of a package's executables is its ReactiveBench tool.
enum ToolProduct {
    /// The module every tool is made with: `ReactiveBench.main(adding:)` is in it.
    static let library = "ReactiveBench"

    /// The executable named `named`, or the package's one tool: an executable product whose code depends on
    /// the ReactiveBench library, directly or through other modules.
    static func choose(in package: Package, named: [String]) throws -> ExecutableProduct {
        let executables = package.products.compactMap { $0 as? ExecutableProduct }
        let tools = executables.filter(isTool)
        guard named.count <= 1 else {
            throw PluginFailure("--product is given \(named.count) times: name one tool")
        }
        if let name = named.first {
            guard let product = executables.first(where: { $0.name == name }) else {
                throw PluginFailure(
                    "--product \(name): \(package.displayName) has no executable '\(name)'; its tools: \(list(tools))"
                )
            }
            guard isTool(product) else {
                throw PluginFailure(
                    "--product \(name): the executable '\(name)' does not use the ReactiveBench library; its tools: \(list(tools))"
                )
            }
            return product
        }
        switch tools.count {
        case 1:
            return tools[0]
        case 0:
            throw PluginFailure(
                "\(package.displayName) has no executable that uses the ReactiveBench library: add one whose main.swift "
                    + "calls `ReactiveBench.main(adding: [...])` (docs/YOUR-OPERATORS.md in ReactiveBench)"
            )
        default:
            throw PluginFailure(
                "\(package.displayName) has \(tools.count) executables that use the ReactiveBench library (\(list(tools))): "
                    + "choose one with --product NAME"
            )
        }
    }

    private static func isTool(_ product: ExecutableProduct) -> Bool {
        product.mainTarget.recursiveTargetDependencies.contains { $0.name == library }
    }

    private static func list(_ tools: [ExecutableProduct]) -> String {
        tools.isEmpty ? "none" : tools.map(\.name).sorted().joined(separator: ", ")
    }
}
