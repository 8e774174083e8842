import Harness

/// The costs the planted implementations add to every element, and the busy loop's calibration.
enum PlantedCost {
    /// Iterations of ``spin(_:seed:)`` per element in ``BusyLoopOperators``; set by calibration before
    /// a run, read by the pipeline on the running thread only.
    nonisolated(unsafe) static var spinIterations = 0

    /// One heap object per element that the optimiser cannot keep on the stack: it escapes into the
    /// black hole. An Int box is 24 bytes, 32 in jemalloc's size class.
    @inline(never)
    static func allocateOne() {
        blackHole(Box(1))
    }

    /// Where ``spin(_:)`` leaves its result, so the loop stays (a plain store: the generic
    /// `blackHole` costs more than the loop itself in a debug build).
    nonisolated(unsafe) static var spinResult = 0

    /// A dependent chain of multiply-adds: its time grows by a fixed step per iteration. A `while` loop:
    /// a debug build's `for in` over a range costs tens of ns before its first iteration.
    @inline(never)
    static func spin(_ iterations: Int) {
        var state = spinResult | 1, remaining = iterations
        while remaining > 0 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            remaining -= 1
        }
        spinResult = state
    }

    /// What one more iteration adds to a call of ``spin(_:)``, in ns: the difference between calls of
    /// `probeIterations` and of none, each the fastest of `trials` timings of `calls` calls, so that a slow
    /// phase of the machine does not inflate it (the cell it is set against is timed the same way).
    static func nanosecondsPerSpinIteration(probeIterations: Int = 40, calls: Int = 20_000, trials: Int = 9) -> Double {
        func fastestCall(_ iterations: Int) -> Double {
            var best = Double.infinity
            for _ in 0..<trials {
                let start = Clock.now()
                var call = 0
                while call < calls {
                    spin(iterations)
                    call += 1
                }
                best = min(best, Double(Clock.now() - start) / Double(calls))
            }
            return best
        }
        return max(0.01, (fastestCall(probeIterations) - fastestCall(0)) / Double(probeIterations))
    }

    private final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }
}
