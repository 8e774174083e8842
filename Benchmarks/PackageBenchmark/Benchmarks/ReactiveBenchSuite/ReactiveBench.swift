import Benchmark

/// The suite package-benchmark's generated `main` registers: one benchmark per supported cell of the
/// scenario table (see ``ScenarioSuite``).
let benchmarks: @Sendable () -> Void = {
    ScenarioSuite.register()
}
