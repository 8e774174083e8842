import Harness
import Testing

struct StudentTTests {
    /// t(0.975, v) from the printed tables (to 3 decimals), and the normal's 1.960 for large v.
    @Test(arguments: [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228), (30, 2.042), (100, 1.984), (100_000, 1.960)])
    func quantilesMatchTheTables(degreesOfFreedom: Int, expected: Double) {
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: degreesOfFreedom) - expected) < 0.0006)
    }

    @Test func theDistributionIsSymmetricAboutZero() {
        #expect(abs(StudentT.distribution(0, degreesOfFreedom: 4) - 0.5) < 1e-12)
        #expect(abs(StudentT.quantile(0.025, degreesOfFreedom: 7) + StudentT.quantile(0.975, degreesOfFreedom: 7)) < 1e-9)
        #expect(abs(StudentT.distribution(-1.5, degreesOfFreedom: 3) + StudentT.distribution(1.5, degreesOfFreedom: 3) - 1) < 1e-12)
    }

    /// With one degree of freedom t is Cauchy: P(T <= 1) = 3/4 exactly.
    @Test func oneDegreeOfFreedomIsCauchy() {
        #expect(abs(StudentT.distribution(1, degreesOfFreedom: 1) - 0.75) < 1e-12)
    }
}
