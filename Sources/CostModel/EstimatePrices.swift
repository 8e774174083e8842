import Harness
import Runner

/// The prices an estimate uses, from the price lists of both runs (prices.csv): ns per event from the time
/// run, instructions and anatomy counts per event from the instruction run, and the arithmetic controls'
/// ns per instruction.
public struct EstimatePrices: Sendable, Equatable {
    /// ns per event of each ``PricedEvent`` (by `event`) whose price holds: none for those of ``unpriced``.
    public var nanoseconds: [String: Double]
    /// Instructions per event of each ``PricedEvent``, from the instruction run.
    public var instructions: [String: Double]
    /// Atomic read-modify-writes per event of each ``PricedEvent`` (a retain+release pair's two), from the
    /// instruction run; 0 where it has none.
    public var atomics: [String: Double]
    /// ns per instruction of the control whose instructions do not wait for each other: what every
    /// instruction no event accounts for costs in the estimate.
    public var perInstruction: Double
    /// ns per instruction of a dependent chain: the estimate's upper bound.
    public var perDependentInstruction: Double
    /// `deepFrame`'s ns per frame beyond an ordinary call, and the frames the return-address predictor
    /// holds; nil in a price list without them, or that marks them as not trusted.
    public var deepFrame: (nanoseconds: Double, frames: Double)?
    /// The events whose control takes no longer than its instructions at ``perInstruction`` (the low end
    /// of its interval at most that): nothing beyond instructions to price, and a count x the control's
    /// instructions would charge the control's path through the runtime instead of the cell's own. Their
    /// instructions stay among the cell's others.
    public var pricedAsInstructions: Set<String>
    /// The events (a ``PricedEvent``'s, or `deepFrame`) whose ns price the time run's price list marks as not
    /// trusted, with why: the estimate does not use it. Such an event is priced as the instructions the cell
    /// executes for it, among the other instructions (as those of ``pricedAsInstructions`` are); frames beyond
    /// the predictor, at nothing.
    public var unpriced: [String: String]

    public init(
        nanoseconds: [String: Double], instructions: [String: Double], atomics: [String: Double],
        perInstruction: Double, perDependentInstruction: Double, deepFrame: (nanoseconds: Double, frames: Double)?,
        pricedAsInstructions: Set<String>, unpriced: [String: String] = [:]
    ) {
        self.nanoseconds = nanoseconds
        self.instructions = instructions
        self.atomics = atomics
        self.perInstruction = perInstruction
        self.perDependentInstruction = perDependentInstruction
        self.deepFrame = deepFrame
        self.pricedAsInstructions = pricedAsInstructions
        self.unpriced = unpriced
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nanoseconds == rhs.nanoseconds && lhs.instructions == rhs.instructions && lhs.atomics == rhs.atomics
            && lhs.perInstruction == rhs.perInstruction && lhs.perDependentInstruction == rhs.perDependentInstruction
            && lhs.deepFrame?.nanoseconds == rhs.deepFrame?.nanoseconds && lhs.deepFrame?.frames == rhs.deepFrame?.frames
            && lhs.pricedAsInstructions == rhs.pricedAsInstructions && lhs.unpriced == rhs.unpriced
    }

    /// The prices of the time run in `timeRun` and the instruction run in `instructionRun` (directories).
    ///
    /// A ns price the time run's list marks as not trusted is left out (``unpriced``), but an arithmetic
    /// control's: every instruction no event accounts for is priced with it, and there is no estimate without.
    ///
    /// - Throws: one line when either has no prices.csv or it cannot be read, when an event or an
    ///   arithmetic control has no price or one marked as not trusted (but an event's ns price), or when an
    ///   arithmetic control's ns per instruction is not above 0.
    public static func load(timeRun: String, instructionRun: String) throws(HarnessError) -> EstimatePrices {
        let timed = try PriceListFile.read(directory: timeRun)
        let counted = try PriceListFile.read(directory: instructionRun)
        let arithmetic = [PricedEvent.independentInstructions, PricedEvent.dependentInstructions].map(\.rawValue)
        let controls = PricedEvent.all.map(\.event) + arithmetic
        func price(_ file: PriceListFile, _ event: String, _ metric: String) throws(HarnessError) -> Double {
            if let reason = file.untrusted[.init(event: event, metric: metric)] {
                throw HarnessError(
                    "\(file.path): the \(metric) price of \(event) is not trusted (\(reason)): the estimate needs it; measure "
                        + "the price list again (run --prices) on a quieter machine"
                )
            }
            guard let value = file.perEvent[.init(event: event, metric: metric)] else {
                throw HarnessError("\(file.path): no \(metric) price of \(event): the estimate needs every event's")
            }
            return value
        }
        let events = PricedEvent.all.map(\.event)
        var nanoseconds: [String: Double] = [:], instructions: [String: Double] = [:], unpriced: [String: String] = [:]
        for event in controls {
            if events.contains(event), let reason = timed.untrusted[.init(event: event, metric: "ns")] {
                unpriced[event] = reason
            } else {
                nanoseconds[event] = try price(timed, event, "ns")
            }
            instructions[event] = try price(counted, event, "instructions")
        }
        let perInstruction, perDependent: Double
        (perInstruction, perDependent) = try (
            perInstructionPrice(PricedEvent.independentInstructions.rawValue, nanoseconds, instructions),
            perInstructionPrice(PricedEvent.dependentInstructions.rawValue, nanoseconds, instructions)
        )
        let deepKeys = ["ns", "frames"].map { PriceListFile.Key(event: PricedEvent.deepFrame, metric: $0) }
        let deep = deepKeys.map { timed.perEvent[$0] }
        unpriced[PricedEvent.deepFrame] = deepKeys.lazy.compactMap { timed.untrusted[$0] }.first
        let atomics = AnatomyCounter.atomicRMWs.columnStem
        return EstimatePrices(
            nanoseconds: nanoseconds.filter { events.contains($0.key) },
            instructions: instructions.filter { events.contains($0.key) },
            atomics: Dictionary(uniqueKeysWithValues: events.map { ($0, counted.perEvent[.init(event: $0, metric: atomics)] ?? 0) }),
            perInstruction: perInstruction, perDependentInstruction: perDependent,
            deepFrame: deep[0].flatMap { ns in deep[1].map { (ns, $0) } },
            pricedAsInstructions: Set(events.filter { event in
                guard let price = nanoseconds[event] else { return false }
                return (timed.low[.init(event: event, metric: "ns")] ?? price) <= instructions[event]! * perInstruction
            }),
            unpriced: unpriced
        )
    }

    private static func perInstructionPrice(
        _ control: String, _ nanoseconds: [String: Double], _ instructions: [String: Double]
    ) throws(HarnessError) -> Double {
        let price = nanoseconds[control]! / instructions[control]!
        guard price.isFinite, price > 0 else {
            throw HarnessError(
                "the price lists give \(control) \(nanoseconds[control]!) ns for \(instructions[control]!) instructions: "
                    + "no price per instruction"
            )
        }
        return price
    }
}
