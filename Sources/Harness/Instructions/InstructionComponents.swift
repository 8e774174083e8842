/// Where a callgrind file's instructions execute: every function's own instructions (its self cost),
/// summed by the ``InstructionComponent`` its code belongs to, and shown by `profile` with the module
/// (`operator stages (StructBridge)`, `library core (OpenCombine)`).
public struct InstructionComponents: Sendable, Equatable {
    public struct Share: Sendable, Equatable {
        public var component: InstructionComponent
        /// The component's title, with its module or library where it has one.
        public var label: String
        public var instructions: UInt64
    }

    /// The shares by label, most instructions first.
    public var shares: [Share]
    /// The file's total: the shares' sum.
    public var total: UInt64

    /// The components of `file` (one part file of callgrind's).
    public static func read(_ file: String) throws(HarnessError) -> InstructionComponents {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw HarnessError("cannot read \(file)")
        }
        return InstructionComponents(CallgrindCallGraph(parsing: text))
    }

    /// The components of the functions' self costs in `graph`.
    public init(_ graph: CallgrindCallGraph) {
        var sums: [String: Share] = [:]
        for (function, instructions) in graph.selfInstructions {
            let (component, label) = InstructionComponent.of(function: function.name, in: function.object)
            sums[label, default: Share(component: component, label: label, instructions: 0)].instructions += instructions
        }
        shares = sums.values.sorted { ($0.instructions, $1.label) > ($1.instructions, $0.label) }
        total = shares.reduce(0) { $0 + $1.instructions }
    }

    /// The instructions of `component`, over all its labels.
    public subscript(component: InstructionComponent) -> UInt64 {
        shares.reduce(0) { $0 + ($1.component == component ? $1.instructions : 0) }
    }

    /// Every component's instructions (zero for those with none).
    public var byComponent: [InstructionComponent: UInt64] {
        Dictionary(uniqueKeysWithValues: InstructionComponent.allCases.map { ($0, self[$0]) })
    }

    /// The share of the total in components a rule names (99.1% to 100% in the five cells of
    /// docs/PROFILES.md).
    public var namedFraction: Double {
        guard total > 0 else { return 0 }
        return 1 - Double(self[.otherCode]) / Double(total)
    }
}
