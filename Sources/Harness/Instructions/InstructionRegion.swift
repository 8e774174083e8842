import CCallgrind

/// Counts the instructions of a cell's measured regions, in the cell's own process: under callgrind by
/// switching collection on and off around them (the process runs with `--collect-atstart=no`) and
/// dumping one labelled part file per region for the parent to read; with perf by reading the counter.
///
/// Begin and end always come in pairs: callgrind's request toggles, so one unpaired call would invert
/// every region after it.
public final class InstructionRegion {
    public let source: InstructionSource
    /// True: keep collecting into callgrind's one output file instead of dumping a part per region (a
    /// profile of the element loop).
    private let dumpsRegions: Bool
    private let perf: PerfInstructionCounter?
    private var countedBefore: UInt64 = 0

    /// Fails when the process is not under valgrind (callgrind) or the counter cannot be opened (perf).
    public init(source: InstructionSource, dumpsRegions: Bool = true) throws(HarnessError) {
        self.source = source
        self.dumpsRegions = dumpsRegions
        switch source {
        case .callgrind:
            guard Callgrind.hasClientRequests else {
                throw HarnessError("this build has no callgrind client requests (valgrind's headers were missing when it was built)")
            }
            guard Callgrind.isRunning else { throw HarnessError("instructions from callgrind, but not running under valgrind") }
            perf = nil
        case .perf:
            perf = try PerfInstructionCounter()
        }
    }

    @inline(__always) public func begin() {
        if let perf { perf.start() } else { ccallgrind_toggle_collect() }
    }

    @inline(__always) public func end() {
        if let perf { perf.stop() } else { ccallgrind_toggle_collect() }
    }

    /// Ends a region: what was counted since the last call, as a sample (perf); or nil after writing it
    /// to a part file labelled with the region (callgrind), or with nothing written in a profile.
    /// Allocates nothing: it runs inside the window whose allocations the cell measures.
    public func close(_ region: InstructionSample.Region, units: Int) -> InstructionSample? {
        if let perf {
            let total = perf.count
            defer { countedBefore = total }
            return InstructionSample(region: region, units: units, instructions: total &- countedBefore)
        }
        if dumpsRegions {
            InstructionSample.callgrindLabel(region).withUTF8Buffer { label in
                label.withMemoryRebound(to: CChar.self) { ccallgrind_dump($0.baseAddress) }
            }
        }
        return nil
    }
}
