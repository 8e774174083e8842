import CCallgrind

/// Counts the instructions of a cell's measured regions, in the cell's own process: under callgrind by
/// dumping one labelled part file per region for the parent to read; with perf by reading the counter.
///
/// A region is ``open()``, one or more ``begin()``/``end()`` pairs around the measured calls, then
/// ``close(_:units:)``. Begin and end always come in pairs: callgrind's request toggles, so one unpaired
/// call would invert every region after it.
///
/// Under callgrind the process runs with collection on (`--collect-atstart=yes`): everything outside
/// the regions is collected too, and `open` dumps it into a part file of its own that nobody reads.
/// That is what makes the regions' call counts exact (``CallAnatomy``). Callgrind counts a call whether
/// or not collection is on, but writes (and zeroes) a call's count only when the call cost something
/// collected: with collection off outside the regions, the pilot's and warm-up's calls through the same
/// call sites as the region's piled up and were written into the region's part. Collected and dumped
/// before the region opens, they are gone. Between `open` and `begin`, and between `end` and `close`,
/// collection is off: the harness's clock and loop stay out of the region.
public final class InstructionRegion {
    public let source: InstructionSource
    private let perf: PerfInstructionCounter?
    private var countedBefore: UInt64 = 0

    /// The label of the part files holding what ran outside the regions.
    static let outsideLabel: StaticString = "reactive-bench outside"

    /// Fails when the process is not under valgrind (callgrind) or the counter cannot be opened (perf).
    public init(source: InstructionSource) throws(HarnessError) {
        self.source = source
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

    /// Starts a region. Under callgrind: switches collection off until ``begin()``, then dumps what ran
    /// since the last region (collected, so its call counts are written and zeroed with it). In that
    /// order, not one instruction of the dump's own call lands in the region.
    @inline(__always) public func open() {
        guard perf == nil else { return }
        ccallgrind_toggle_collect()
        Self.dump(Self.outsideLabel)
    }

    @inline(__always) public func begin() {
        if let perf { perf.start() } else { ccallgrind_toggle_collect() }
    }

    @inline(__always) public func end() {
        if let perf { perf.stop() } else { ccallgrind_toggle_collect() }
    }

    /// Ends a region: what was counted since the last call, as a sample (perf); or nil after writing it
    /// to a part file labelled with the region and switching collection back on for what runs outside
    /// the regions (callgrind). Allocates nothing: it runs inside the window whose allocations the cell
    /// measures.
    public func close(_ region: InstructionSample.Region, units: Int) -> InstructionSample? {
        if let perf {
            let total = perf.count
            defer { countedBefore = total }
            return InstructionSample(region: region, units: units, instructions: total &- countedBefore)
        }
        Self.dump(InstructionSample.callgrindLabel(region))
        ccallgrind_toggle_collect()
        return nil
    }

    private static func dump(_ label: StaticString) {
        label.withUTF8Buffer { label in
            label.withMemoryRebound(to: CChar.self) { ccallgrind_dump($0.baseAddress) }
        }
    }
}
