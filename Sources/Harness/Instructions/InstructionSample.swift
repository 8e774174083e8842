/// The instructions of one measured region of one repetition: the set-up of the pipeline (one
/// subscription) or the timed element batches (`units` units).
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

    public init(region: Region, units: Int, instructions: UInt64) {
        self.region = region
        self.units = units
        self.instructions = instructions
    }

    /// How callgrind labels the region's part file (`desc: Trigger: Client Request: <label>`), so the
    /// parent can tell the regions apart and divide by the units.
    public var callgrindLabel: String { "reactive-bench \(region.rawValue) units=\(units)" }

    /// The sample a part file's label and total describe, or nil for a part that is not a region
    /// (the dump callgrind writes at exit).
    public init?(callgrindLabel label: String, instructions: UInt64) {
        let words = label.split(separator: " ")
        guard words.count == 3, words[0] == "reactive-bench", let region = Region(rawValue: String(words[1])),
            words[2].hasPrefix("units="), let units = Int(words[2].dropFirst("units=".count)), units > 0
        else { return nil }
        self.init(region: region, units: units, instructions: instructions)
    }

    /// Instructions per unit of `region`, the median over the repetitions; nil without samples.
    public static func perUnitMedian(_ samples: [InstructionSample], region: Region) -> Double? {
        let perUnit = samples.filter { $0.region == region }.map { Double($0.instructions) / Double($0.units) }
        guard !perUnit.isEmpty else { return nil }
        return SampleStatistics(perUnit).median
    }
}
