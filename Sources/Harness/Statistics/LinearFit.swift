/// An ordinary least-squares line `y = intercept + slope x` through measured points, with the 95%
/// confidence intervals of both coefficients (Student's t with n - 2 degrees of freedom) and R^2.
///
/// Used for the cost of one more pipeline stage or subscriber: the points are a sweep's repetitions
/// (x the depth, y ns per element), so the interval says how well the run pins the per-stage cost down.
public struct LinearFit: Sendable, Equatable {
    /// Points the fit is over.
    public let points: Int
    public let slope: Double
    public let intercept: Double
    public let slopeInterval95: ClosedRange<Double>
    public let interceptInterval95: ClosedRange<Double>
    /// The share of y's variance the line explains; 1 when y does not vary at all (a perfect flat fit).
    public let rSquared: Double

    /// The fit of `y` on `x`, or nil when the points cannot pin a line and its spread down: fewer than
    /// three distinct x values (two always fit exactly, whatever the shape), or a NaN or infinite value.
    public init?(x: [Double], y: [Double]) {
        precondition(x.count == y.count, "a fit needs one y per x")
        guard Set(x).count >= 3, !(x + y).contains(where: { !$0.isFinite }) else { return nil }
        let n = Double(x.count)
        let meanX = x.reduce(0, +) / n, meanY = y.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for (xi, yi) in zip(x, y) {
            sxx += (xi - meanX) * (xi - meanX)
            sxy += (xi - meanX) * (yi - meanY)
            syy += (yi - meanY) * (yi - meanY)
        }
        let slope = sxy / sxx
        let intercept = meanY - slope * meanX
        let residual = zip(x, y).reduce(0.0) { sum, point in
            let error = point.1 - (intercept + slope * point.0)
            return sum + error * error
        }
        let variance = residual / (n - 2)
        let t = StudentT.quantile(0.975, degreesOfFreedom: x.count - 2)
        let slopeHalfWidth = t * (variance / sxx).squareRoot()
        let interceptHalfWidth = t * (variance * (1 / n + meanX * meanX / sxx)).squareRoot()
        points = x.count
        self.slope = slope
        self.intercept = intercept
        slopeInterval95 = (slope - slopeHalfWidth)...(slope + slopeHalfWidth)
        interceptInterval95 = (intercept - interceptHalfWidth)...(intercept + interceptHalfWidth)
        rSquared = syy == 0 ? 1 : Swift.max(0, 1 - residual / syy)
    }

    /// Half the slope's interval over the slope's size: 0.1 is "within +-10%"; infinite for a zero slope.
    public var slopeRelativeHalfWidth: Double {
        (slopeInterval95.upperBound - slopeInterval95.lowerBound) / 2 / abs(slope)
    }
}
