import Foundation
import Harness
import Testing

struct SampleStatisticsTests {
    @Test func medianOfAnOddCountIsTheMiddleValue() {
        let statistics = SampleStatistics([3, 1, 2])
        #expect(statistics.median == 2)
        #expect(statistics.min == 1)
        #expect(statistics.max == 3)
        #expect(statistics.count == 3)
    }

    @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(SampleStatistics([4, 1, 3, 2]).median == 2.5)
    }

    @Test func meanStandardDeviationAndMedianAbsoluteDeviation() {
        let statistics = SampleStatistics([1, 2, 3, 4, 100])
        #expect(statistics.mean == 22)
        // Sample variance: (21² + 20² + 19² + 18² + 78²) / 4 = 7610 / 4.
        #expect(abs(statistics.standardDeviation - (7_610.0 / 4).squareRoot()) < 1e-9)
        // Deviations from the median 3: 2, 1, 0, 1, 97; their median is 1. The outlier barely moves it.
        #expect(statistics.medianAbsoluteDeviation == 1)
    }

    @Test func aSingleSample() {
        let statistics = SampleStatistics([7])
        #expect(statistics.median == 7)
        #expect(statistics.standardDeviation == 0)
        #expect(statistics.medianAbsoluteDeviation == 0)
        #expect(statistics.confidenceInterval95 == 7...7)
    }

    @Test func fewerThanSixSamplesUseMinToMax() {
        #expect(SampleStatistics([5, 1, 4, 2, 3]).confidenceInterval95 == 1...5)
        #expect(SampleStatistics([2, 1]).confidenceInterval95 == 1...2)
    }

    /// Ranks from the binomial distribution, as in the usual tables: n = 10 gives x(2)...x(9) (97.9%),
    /// n = 20 gives x(6)...x(15) (95.9%), n = 100 gives x(40)...x(61) (96.5%).
    @Test(arguments: [(6, 1...6), (9, 2...8), (10, 2...9), (20, 6...15), (100, 40...61)])
    func confidenceIntervalUsesOrderStatistics(count: Int, ranks: ClosedRange<Int>) {
        // Shuffled 1...n, so x(k) == k.
        let samples = (1...count).map(Double.init).shuffled()
        let statistics = SampleStatistics(samples)
        #expect(statistics.confidenceInterval95 == Double(ranks.lowerBound)...Double(ranks.upperBound))
        #expect(statistics.confidenceInterval95.contains(statistics.median))
    }

    @Test func theIntervalContainsTheMedianForSkewedSamples() {
        var generator = SeededGenerator(seed: 42)
        for count in [6, 7, 15, 31, 1_000, 5_000] {
            let samples = (0..<count).map { _ in pow(Double(generator.next() % 1_000) / 100, 3) }
            let statistics = SampleStatistics(samples)
            #expect(statistics.confidenceInterval95.contains(statistics.median))
            #expect(statistics.min <= statistics.confidenceInterval95.lowerBound)
            #expect(statistics.confidenceInterval95.upperBound <= statistics.max)
        }
    }

    @Test func medianHelperMatches() {
        #expect(SampleStatistics.median([10, 30, 20]) == 20)
        #expect(SampleStatistics.median([10, 40, 20, 30]) == 25)
    }
}
