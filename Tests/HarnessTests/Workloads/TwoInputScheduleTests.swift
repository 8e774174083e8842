import Runner
import Testing
import Workloads

/// The schedule every two-input cell and loop follows: the secondary sends `input[i] ^ 0x5555` just
/// before primary element `i` when `i` is a multiple of the period, whatever the batches.
struct TwoInputScheduleTests {
    static let input = SeededInput(seed: 7, length: 16)

    @Test func theSecondarySendsJustBeforeEveryPeriodthPrimaryElement() {
        let events = TwoInputSchedule(period: 3).events(0..<7, of: Self.input)
        let v = (0..<7).map { Self.input[$0] }
        #expect(events == [
            .secondary(v[0] ^ 0x5555), .primary(v[0]), .primary(v[1]), .primary(v[2]),
            .secondary(v[3] ^ 0x5555), .primary(v[3]), .primary(v[4]), .primary(v[5]),
            .secondary(v[6] ^ 0x5555), .primary(v[6]),
        ])
    }

    @Test(arguments: [1, 3, 10, 100])
    func batchesGiveTheSameEventsAsOneRange(period: Int) {
        let schedule = TwoInputSchedule(period: period)
        let whole = schedule.events(0..<250, of: Self.input)
        var split: [TwoInputSchedule.Event] = []
        var start = 0
        for length in [1, 2, 7, 90, 1, 149] {
            split += schedule.events(start..<(start + length), of: Self.input)
            start += length
        }
        #expect(start == 250)
        #expect(split == whole)
        #expect(whole.filter { if case .secondary = $0 { true } else { false } }.count == (250 + period - 1) / period)
    }
}
