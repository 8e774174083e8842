/// The instructions of one measured region of one repetition: the set-up of the pipeline (one
/// subscription) or the timed element batches (`units` units), and under callgrind what the region did
/// (its call anatomy).
public struct InstructionSample: Sendable, Codable, Equatable {
    public enum Region: String, Sendable, Codable {
        /// Building the pipeline and subscribing: one subscription.
        case setup
        /// The timed batches: `units` elements or subscriptions.
        case steady
    }

    public var region: Region
    public var units: Int
    public var instructions: UInt64
    /// The region's totals of retains, locks, ... (callgrind); nil from perf, which counts instructions only.
    public var anatomy: CallAnatomy?
    /// The region's instructions by where they execute (callgrind); nil from perf.
    public var components: [InstructionComponent: UInt64]?
    /// What callgrind's cache and branch simulation counted in the region; nil without it
    /// (`run --metric instructions --simulate`).
    public var simulated: SimulatedEvents?

    public init(
        region: Region, units: Int, instructions: UInt64, anatomy: CallAnatomy? = nil,
        components: [InstructionComponent: UInt64]? = nil, simulated: SimulatedEvents? = nil
    ) {
        self.region = region
        self.units = units
        self.instructions = instructions
        self.anatomy = anatomy
        self.components = components
        self.simulated = simulated
    }

    /// How callgrind labels a region's part file (`desc: Trigger: Client Request: <label>`), so the
    /// parent can tell the regions apart. A static string: the cell's process dumps inside the window
    /// whose allocations it measures, and must not allocate there.
    public static func callgrindLabel(_ region: Region) -> StaticString {
        switch region {
        case .setup: "reactive-bench setup"
        case .steady: "reactive-bench steady"
        }
    }

    /// The sample a part file's label and total describe, or nil for a part that is not a region (what
    /// ran between regions, the dump callgrind writes at exit). The parent knows the units: one
    /// subscription for `setup`, `steadyUnits` (the repetition's units) for `steady`.
    public init?(
        callgrindLabel label: String, instructions: UInt64, steadyUnits: Int, anatomy: CallAnatomy? = nil,
        components: [InstructionComponent: UInt64]? = nil, simulated: SimulatedEvents? = nil
    ) {
        guard let region = Self.region(callgrindLabel: label), steadyUnits > 0 else { return nil }
        self.init(
            region: region, units: region == .setup ? 1 : steadyUnits, instructions: instructions, anatomy: anatomy,
            components: components, simulated: simulated
        )
    }

    /// The region a part file's label names, or nil.
    public static func region(callgrindLabel label: String) -> Region? {
        [Region.setup, .steady].first(where: { "\(callgrindLabel($0))" == label })
    }

    /// Instructions per unit of `region` by where they execute: the per-unit median
    /// (``perUnitMedian(_:region:)``) split in the proportions of all the region's samples together, so
    /// that the components sum to it; nil without components (perf) or instructions.
    public static func componentsPerUnit(_ samples: [InstructionSample], region: Region) -> [InstructionComponent: Double]? {
        let counted = samples.filter { $0.region == region && $0.components != nil }
        let total = counted.reduce(0) { $0 + $1.instructions }
        guard !counted.isEmpty, total > 0, let median = perUnitMedian(counted, region: region) else { return nil }
        var perUnit: [InstructionComponent: Double] = [:]
        for component in InstructionComponent.allCases {
            let instructions = counted.reduce(0) { $0 + ($1.components?[component] ?? 0) }
            perUnit[component] = median * Double(instructions) / Double(total)
        }
        return perUnit
    }

    /// Instructions per unit of `region`, the median over the repetitions; nil without samples.
    public static func perUnitMedian(_ samples: [InstructionSample], region: Region) -> Double? {
        let perUnit = samples.filter { $0.region == region }.map { Double($0.instructions) / Double($0.units) }
        guard !perUnit.isEmpty else { return nil }
        return SampleStatistics(perUnit).median
    }
}
