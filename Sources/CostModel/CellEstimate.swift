import Harness
import Workloads

/// One single-thread cell's time as its counts and the price list say (a row of estimates.csv), beside its
/// measured median.
public struct CellEstimate: Sendable, Equatable {
    public var workload: String
    public var implementation: String
    public var unit: String
    /// The time run's `scenario`, `source` and `parameter` of the cell (empty where it has none): what
    /// the summary groups cells by.
    public var scenario = "", source = "", parameter = ""
    /// The time run's median, ns per unit.
    public var measured: Double
    /// The instruction run's counts per unit, priced.
    public var priced: PricedCounts
    /// The time run's `call_depth`, when it has one.
    public var callDepth: Double?
    /// The same counts with every other instruction at the dependent chain's price: an upper bound.
    public var ifDependent: Double
    /// iai-callgrind's and CodSpeed's estimate in cycles (the instruction run's `--simulate`), when it has one.
    public var cycles: Double?
    /// Those cycles at the one ns per cycle that fits the run's cells best (``CellEstimates``); nil
    /// without cycles above 0.
    public var cyclesEstimate: Double?

    public var estimate: Double { priced.estimate }
    /// The estimate over the measured median, minus 1: above 0 the counts say more time than the cell took.
    public var error: Double { estimate / measured - 1 }
    public var ifDependentError: Double { ifDependent / measured - 1 }
    public var cyclesError: Double? { cyclesEstimate.map { $0 / measured - 1 } }

    public init(
        workload: String, implementation: String, unit: String, measured: Double, priced: PricedCounts,
        callDepth: Double? = nil, ifDependent: Double, cycles: Double? = nil, cyclesEstimate: Double? = nil
    ) {
        self.workload = workload
        self.implementation = implementation
        self.unit = unit
        self.measured = measured
        self.priced = priced
        self.callDepth = callDepth
        self.ifDependent = ifDependent
        self.cycles = cycles
        self.cyclesEstimate = cyclesEstimate
    }
}
