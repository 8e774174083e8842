import CostModel
import Testing

/// How far a set of estimates falls from the measured medians, on errors whose arithmetic is exact.
struct ErrorSpreadTests {
    /// Sorted: -0.75, -0.25, 0.0625, 0.125, 0.5. Within ±20%: 0.0625 and 0.125; above: 0.5; below: -0.25
    /// and -0.75. The quartiles (the exclusive method, at positions 1.5 and 4.5 of five): -0.5 and 0.3125.
    @Test func countsMediansAndQuartiles() {
        let spread = ErrorSpread([0.125, -0.25, 0.5, -0.75, 0.0625])
        #expect((spread.cells, spread.within, spread.above, spread.below) == (5, 2, 1, 2))
        #expect(spread.medianAbsoluteError == 0.25 && spread.medianError == 0.0625)
        #expect(spread.quartiles?.lower == -0.5 && spread.quartiles?.upper == 0.3125)
    }

    /// Four values put the quartiles at positions 1.25 and 3.75: 1.25 and 3.75 of 1, 2, 3, 4. An error of
    /// exactly 20% is within.
    @Test func quartilesBetweenValuesAndTheBoundIsWithin() {
        let spread = ErrorSpread([4, 1, 3, 2])
        #expect(spread.quartiles?.lower == 1.25 && spread.quartiles?.upper == 3.75)
        #expect(spread.medianError == 2.5)
        #expect(ErrorSpread([0.2, -0.2]).within == 2)
    }

    /// Two values lie beyond the first and last positions: the line through them, extended (Python's
    /// `statistics.quantiles`); one value is its own quartiles; none has none.
    @Test func fewValues() {
        let two = ErrorSpread([0.5, -0.5])
        #expect(two.quartiles?.lower == -0.75 && two.quartiles?.upper == 0.75)
        #expect(ErrorSpread([0.3]).quartiles?.lower == 0.3 && ErrorSpread([0.3]).quartiles?.upper == 0.3)
        let none = ErrorSpread([])
        #expect(none.cells == 0 && none.medianError == nil && none.quartiles == nil)
    }
}
