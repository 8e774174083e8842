import SimpleCombine
import Testing

/// `SimpleSubscribers.Demand` has Combine's arithmetic.
@Suite struct DemandTests {
    typealias Demand = SimpleSubscribers.Demand

    @Test func noneIsMaxZero() {
        #expect(Demand.none == .max(0))
        #expect(Demand.none.max == 0)
        #expect(Demand.unlimited.max == nil)
        #expect(Demand.max(3).max == 3)
        #expect("\(Demand.unlimited)" == "unlimited" && "\(Demand.max(2))" == "max(2)")
    }

    @Test func unlimitedAbsorbs() {
        #expect(Demand.unlimited + .max(1) == .unlimited)
        #expect(Demand.max(1) + .unlimited == .unlimited)
        #expect(Demand.unlimited + 5 == .unlimited)
        #expect(Demand.unlimited - .max(5) == .unlimited)
        #expect(Demand.unlimited - .unlimited == .unlimited)
        #expect(Demand.unlimited - 1 == .unlimited)
        #expect(Demand.max(7) - .unlimited == .none)
    }

    @Test func addingSaturates() {
        #expect(Demand.max(2) + .max(3) == .max(5))
        #expect(Demand.max(2) + 3 == .max(5))
        #expect(Demand.max(Int.max) + .max(1) == .unlimited)
        #expect(Demand.max(Int.max) + 1 == .unlimited)
        #expect(Demand.max(Int.max - 1) + 1 == .max(Int.max))
        var demand = Demand.max(Int.max)
        demand += .max(Int.max)
        #expect(demand == .unlimited)
    }

    @Test func neverGoesBelowNone() {
        #expect(Demand.max(3) - .max(5) == .none)
        #expect(Demand.max(3) - 5 == .none)
        #expect(Demand.max(3) + -5 == .none)
        #expect(Demand.max(3) + -1 == .max(2))
        #expect(Demand.max(3) - -2 == .max(5))
        #expect(Demand.max(3) - Int.min == .unlimited)
        var demand = Demand.max(1)
        demand -= 1
        demand -= 1
        #expect(demand == .none)
    }

    @Test func unlimitedIsTheGreatest() {
        #expect(Demand.none < .max(1))
        #expect(Demand.max(Int.max) < .unlimited)
        #expect(Demand.unlimited > .none)
        #expect([Demand.unlimited, .max(2), .none].sorted() == [.none, .max(2), .unlimited])
    }
}
