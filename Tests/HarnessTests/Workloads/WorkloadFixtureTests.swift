import StyleKit
import Testing
import Workloads

/// The hand-written operators of the workloads' loops (the `baseline` rows) on the seeds' own examples.
/// The conformance suite runs the same examples through every style; here they check that the floor
/// computes the same operator, with the workloads' Int transforms in place of the seeds' strings.
struct WorkloadFixtureTests {
    /// Seed 004: modulus 3 of `-10...10`, the list `ConformanceTests/ModulusTests` checks every style against.
    @Test func modulusOnSeed004() {
        let seed004 = [1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
        #expect((-10...10).map { Transforms.modulus($0, ModulusWorkload.modulo) } == seed004)
    }
}
