/// An event callgrind's cache and branch simulation counts (`run --metric instructions --simulate`), in
/// valgrind's models of a branch predictor and of two cache levels (``Callgrind/simulationArguments``),
/// not this CPU's: what the region would miss and mispredict on that model machine. Exact and repeatable,
/// like the instruction count.
public enum SimulatedEvent: String, CaseIterable, Sendable, Codable {
    case conditionalBranches = "conditional_branches"
    case conditionalMispredictions = "conditional_mispredictions"
    case indirectBranches = "indirect_branches"
    case indirectMispredictions = "indirect_mispredictions"
    case l1Misses = "l1_misses"
    case llMisses = "ll_misses"
    case estimatedCycles = "estimated_cycles"

    /// The stem of the CSV column (`<stem>_per_unit`).
    public var columnStem: String { rawValue }

    /// What callgrind counts for it, as results.csv's column and `reactive-bench schema` say it.
    public var meaning: String {
        switch self {
        case .conditionalBranches: "conditional branches executed (`Bc`)"
        case .conditionalMispredictions: "of those, the ones valgrind's predictor mispredicted (`Bcm`)"
        case .indirectBranches: "indirect branches executed: calls and jumps through a register or memory, not returns (`Bi`)"
        case .indirectMispredictions: "of those, the ones to another target than the call site's last (`Bim`)"
        case .l1Misses: "instruction fetches, reads and writes that miss the first-level cache (`I1mr + D1mr + D1mw`)"
        case .llMisses: "of those, the ones that miss the last level too and go to memory (`ILmr + DLmr + DLmw`)"
        case .estimatedCycles:
            "iai-callgrind's and CodSpeed's estimate from the same counts: first-level hits + 5 x last-level hits + 35 x "
                + "memory accesses, every instruction fetch, read and write one access (`Ir + Dr + Dw`)"
        }
    }

    /// How the charts and `reactive-bench schema` name it.
    public var title: String {
        switch self {
        case .conditionalBranches: "conditional branches"
        case .conditionalMispredictions: "conditional mispredictions"
        case .indirectBranches: "indirect branches"
        case .indirectMispredictions: "indirect mispredictions"
        case .l1Misses: "L1 misses"
        case .llMisses: "last-level misses"
        case .estimatedCycles: "estimated cycles"
        }
    }

    /// What its column counts.
    public var unit: ColumnUnit { self == .estimatedCycles ? "cycles" : .count }
}

/// A region's simulated events (``SimulatedEvent``): its totals, or per unit.
public typealias SimulatedEvents = EventCounts<SimulatedEvent>

extension EventCounts where Event == SimulatedEvent {
    /// The events of a part file's totals (its `events:` line's names and `totals:` values); nil when the
    /// file was written without the simulation.
    public init?(totals: [String: UInt64]) {
        let names = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "Bc", "Bcm", "Bi", "Bim"]
        guard names.allSatisfy({ totals[$0] != nil }) else { return nil }
        func total(_ names: String...) -> Double { Double(names.reduce(0) { $0 + totals[$1]! }) }
        let accesses = total("Ir", "Dr", "Dw"), l1Misses = total("I1mr", "D1mr", "D1mw"), llMisses = total("ILmr", "DLmr", "DLmw")
        self.init()
        self[.conditionalBranches] = total("Bc")
        self[.conditionalMispredictions] = total("Bcm")
        self[.indirectBranches] = total("Bi")
        self[.indirectMispredictions] = total("Bim")
        self[.l1Misses] = l1Misses
        self[.llMisses] = llMisses
        self[.estimatedCycles] = (accesses - l1Misses) + 5 * (l1Misses - llMisses) + 35 * llMisses
    }

    /// Each event's per-unit count in `region`, the median over the repetitions that have them; nil
    /// without any (a run without the simulation, or perf).
    public static func perUnitMedian(_ samples: [InstructionSample], region: InstructionSample.Region) -> Self? {
        perUnitMedian(samples, region: region, \.simulated)
    }
}
