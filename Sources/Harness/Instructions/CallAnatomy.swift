/// What a measured region did, counted exactly from callgrind's part file: retains, releases, exclusivity
/// checks, lock acquisitions, metadata lookups, dynamic casts, mallocs (calls, from the `calls=` lines)
/// and atomic read-modify-writes (instructions, from the `Ge` event). A region's totals, or per unit.
public struct CallAnatomy: Sendable, Codable, Equatable {
    private var counts: [AnatomyCounter: Double]

    /// Every counter at `value`.
    public init(repeating value: Double = 0) {
        counts = Dictionary(uniqueKeysWithValues: AnatomyCounter.allCases.map { ($0, value) })
    }

    /// The counts of the region a callgrind part file holds.
    public init(_ graph: CallgrindCallGraph) {
        self.init()
        for counter in AnatomyCounter.allCases {
            self[counter] = counter == .atomicRMWs
                ? Double(graph.totals["Ge"] ?? 0) : Double(graph.callCount(to: counter.symbols))
        }
    }

    public subscript(counter: AnatomyCounter) -> Double {
        get { counts[counter] ?? 0 }
        set { counts[counter] = newValue }
    }

    /// Every count divided by `units`.
    public func perUnit(_ units: Int) -> CallAnatomy {
        var divided = self
        for counter in AnatomyCounter.allCases { divided[counter] = self[counter] / Double(max(1, units)) }
        return divided
    }

    /// Each counter's per-unit count in `region`, the median over the repetitions that have an anatomy;
    /// nil without any (perf counts instructions only).
    public static func perUnitMedian(_ samples: [InstructionSample], region: InstructionSample.Region) -> CallAnatomy? {
        let perUnit = samples.filter { $0.region == region }.compactMap { sample in sample.anatomy?.perUnit(sample.units) }
        guard !perUnit.isEmpty else { return nil }
        var median = CallAnatomy()
        for counter in AnatomyCounter.allCases {
            median[counter] = SampleStatistics(perUnit.map { $0[counter] }).median
        }
        return median
    }
}
