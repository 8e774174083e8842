/// Counts of a region's events of one kind, by event: its totals, or per unit. ``CallAnatomy`` and
/// ``SimulatedEvents`` are its two kinds.
public struct EventCounts<Event: Hashable & CaseIterable & Sendable & Codable>: Sendable, Codable, Equatable {
    private var counts: [Event: Double]

    /// Every event at `value`.
    public init(repeating value: Double = 0) {
        counts = Dictionary(uniqueKeysWithValues: Event.allCases.map { ($0, value) })
    }

    public subscript(event: Event) -> Double {
        get { counts[event] ?? 0 }
        set { counts[event] = newValue }
    }

    /// Every count divided by `units`.
    public func perUnit(_ units: Int) -> Self {
        var divided = self
        for event in Event.allCases { divided[event] = self[event] / Double(max(1, units)) }
        return divided
    }

    /// Each event's per-unit count in `region`, the median over the repetitions whose `counts` has them;
    /// nil without any.
    static func perUnitMedian(
        _ samples: [InstructionSample], region: InstructionSample.Region, _ counts: KeyPath<InstructionSample, Self?>
    ) -> Self? {
        let perUnit = samples.filter { $0.region == region }.compactMap { sample in sample[keyPath: counts]?.perUnit(sample.units) }
        guard !perUnit.isEmpty else { return nil }
        var median = Self()
        for event in Event.allCases {
            median[event] = SampleStatistics(perUnit.map { $0[event] }).median
        }
        return median
    }
}

/// What a measured region did, counted exactly from callgrind's part file: retains, releases, exclusivity
/// checks, lock acquisitions, metadata lookups, dynamic casts, mallocs (calls, from the `calls=` lines),
/// atomic read-modify-writes (instructions, from the `Ge` event) and every call made. A region's totals,
/// or per unit.
public typealias CallAnatomy = EventCounts<AnatomyCounter>

extension EventCounts where Event == AnatomyCounter {
    /// The counts of the region a callgrind part file holds.
    public init(_ graph: CallgrindCallGraph) {
        self.init()
        for counter in AnatomyCounter.allCases {
            self[counter] = switch counter {
            case .atomicRMWs: Double(graph.totals["Ge"] ?? 0)
            case .calls: Double(graph.calls.values.reduce(0, +))
            default: Double(graph.callCount(to: counter.symbols))
            }
        }
    }

    /// Each counter's per-unit count in `region`, the median over the repetitions that have an anatomy;
    /// nil without any (perf counts instructions only).
    public static func perUnitMedian(_ samples: [InstructionSample], region: InstructionSample.Region) -> Self? {
        perUnitMedian(samples, region: region, \.anatomy)
    }
}
