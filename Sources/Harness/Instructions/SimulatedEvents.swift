/// An event callgrind's cache and branch simulation counts (`run --metric instructions --simulate`), in
/// valgrind's models of a branch predictor and of two cache levels (``Callgrind/simulationArguments``),
/// not this CPU's: what the region would miss and mispredict on that model machine. Exact and repeatable,
/// like the instruction count.
public enum SimulatedEvent: String, CaseIterable, Sendable, Codable {
    /// Conditional branches executed (`Bc`).
    case conditionalBranches = "conditional_branches"
    /// Of those, mispredicted by valgrind's predictor (`Bcm`).
    case conditionalMispredictions = "conditional_mispredictions"
    /// Indirect branches executed: calls and jumps through a register or memory, not returns (`Bi`).
    case indirectBranches = "indirect_branches"
    /// Of those, to another target than the call site's last one (`Bim`).
    case indirectMispredictions = "indirect_mispredictions"
    /// Reads and writes, code and data, that miss the first-level cache (`I1mr + D1mr + D1mw`).
    case l1Misses = "l1_misses"
    /// Of those, the ones that miss the last level too, and go to memory (`ILmr + DLmr + DLmw`).
    case llMisses = "ll_misses"
    /// The estimate iai-callgrind and CodSpeed make from the same counts: first-level hits + 5 x
    /// last-level hits + 35 x memory accesses, where every instruction fetch, read and write is one
    /// access (`Ir + Dr + Dw`).
    case estimatedCycles = "estimated_cycles"

    /// The stem of the CSV column (`<stem>_per_unit`).
    public var columnStem: String { rawValue }
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
