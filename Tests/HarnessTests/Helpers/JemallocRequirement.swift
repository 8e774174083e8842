import Foundation
import Harness
import Testing

/// The allocation tests need jemalloc as the process allocator (`LD_PRELOAD`, see scripts/test). Without it
/// they fail with the probe's error, unless `REACTIVE_BENCH_NO_JEMALLOC=1` says jemalloc is absent on
/// purpose: then they check that the probe refuses clearly instead.
enum JemallocRequirement {
    static var isWaived: Bool {
        ProcessInfo.processInfo.environment["REACTIVE_BENCH_NO_JEMALLOC"] == "1"
    }

    /// A probe, or nil once it has checked that a waived run gets the probe's clear error.
    static func probe(
        scope: AllocationProbe.Scope, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AllocationProbe? {
        guard isWaived else { return try AllocationProbe.current(scope: scope) }
        do throws(HarnessError) {
            _ = try AllocationProbe.current(scope: scope)
            Issue.record(
                "REACTIVE_BENCH_NO_JEMALLOC=1, yet jemalloc is the process allocator", sourceLocation: sourceLocation)
        } catch {
            #expect(
                error.message.hasPrefix("jemalloc is not the process allocator: "), sourceLocation: sourceLocation)
            #expect(error.message.contains("LD_PRELOAD"), sourceLocation: sourceLocation)
        }
        return nil
    }
}
