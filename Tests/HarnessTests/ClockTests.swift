import Harness
import Testing

struct ClockTests {
    @Test func nowNeverGoesBackwards() {
        var previous = Clock.now()
        for _ in 0..<10_000 {
            let now = Clock.now()
            #expect(now >= previous)
            previous = now
        }
    }

    @Test func nowAdvancesWithRealTime() {
        let start = Clock.now()
        spin(milliseconds: 5)
        let elapsed = Clock.now() - start
        #expect(elapsed >= 5_000_000)
        #expect(elapsed < 5_000_000_000)
    }

    @Test func resolutionAndOverheadAreMeasured() {
        let resolution = Clock.resolutionNanoseconds()
        #expect(resolution > 0 && resolution <= 1_000_000)
        let overhead = Clock.overheadNanoseconds()
        #expect(overhead > 0 && overhead < 10_000)
    }

    private func spin(milliseconds: UInt64) {
        let deadline = Clock.now() + milliseconds * 1_000_000
        while Clock.now() < deadline {}
    }
}
