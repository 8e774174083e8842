import Harness
import Testing

struct LinearFitTests {
    @Test func pointsOnALineFitItExactly() throws {
        let fit = try #require(LinearFit(x: [1, 2, 4, 8, 16], y: [13, 23, 43, 83, 163]))
        #expect(abs(fit.slope - 10) < 1e-9)
        #expect(abs(fit.intercept - 3) < 1e-9)
        #expect(abs(fit.rSquared - 1) < 1e-12)
        #expect(fit.slopeInterval95.upperBound - fit.slopeInterval95.lowerBound < 1e-9)
        #expect(fit.points == 5)
    }

    /// A worked example: x = 1...5, y = 2, 4, 5, 4, 5. Slope 0.6, intercept 2.2, residual sum of squares
    /// 2.4 over 3 degrees of freedom, Sxx = 10: the slope's standard error is sqrt(0.8 / 10), and with
    /// t(0.975, 3) = 3.1824 the interval is 0.6 +- 0.9001; R^2 = 1 - 2.4 / 6 = 0.6.
    @Test func aWorkedExampleGivesTheTextbookInterval() throws {
        let fit = try #require(LinearFit(x: [1, 2, 3, 4, 5], y: [2, 4, 5, 4, 5]))
        #expect(abs(fit.slope - 0.6) < 1e-12)
        #expect(abs(fit.intercept - 2.2) < 1e-12)
        #expect(abs(fit.rSquared - 0.6) < 1e-12)
        let halfWidth = 3.182446 * (0.8 / 10.0).squareRoot()
        #expect(abs(fit.slopeInterval95.upperBound - (0.6 + halfWidth)) < 1e-5)
        #expect(abs(fit.slopeInterval95.lowerBound - (0.6 - halfWidth)) < 1e-5)
        #expect(abs(fit.slopeRelativeHalfWidth - halfWidth / 0.6) < 1e-5)
    }

    /// Repetitions are points of their own: three depths, two repetitions each.
    @Test func repeatedXValuesAreSeparatePoints() throws {
        let fit = try #require(LinearFit(x: [1, 1, 4, 4, 16, 16], y: [11, 13, 41, 43, 161, 163]))
        #expect(abs(fit.slope - 10) < 1e-9)
        #expect(abs(fit.intercept - 2) < 1e-9)
        #expect(fit.points == 6)
        #expect(fit.rSquared > 0.999 && fit.rSquared < 1)
    }

    @Test func aConstantIsAPerfectFlatFit() throws {
        let fit = try #require(LinearFit(x: [1, 4, 16], y: [7, 7, 7]))
        #expect(fit.slope == 0)
        #expect(fit.rSquared == 1)
    }

    /// Two depths fit any shape exactly, so they say nothing about linearity or spread.
    @Test func fewerThanThreeDistinctXValuesCannotBeFitted() {
        #expect(LinearFit(x: [1, 1, 4, 4], y: [1, 2, 3, 4]) == nil)
        #expect(LinearFit(x: [1, 2, .nan], y: [1, 2, 3]) == nil)
    }

    /// A curve: the compiler can make a chain cost grow faster than linearly; R^2 says so.
    @Test func aCurveHasALowerRSquared() throws {
        let fit = try #require(LinearFit(x: [1, 2, 4, 8, 16], y: [1, 4, 16, 64, 256]))
        #expect(fit.rSquared < 0.98)
    }
}
