#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The critical values of a one-sided group-sequential test: a statistic looked at more than once, as
/// data accrue, that may cross its boundary at any look with a total probability of at most `level`
/// when the null hypothesis holds. What lets `reactive-bench ab` measure a cell until its verdict is
/// decided (``SequentialPairedRule``).
///
/// Looking at a fixed-level test after every batch is wrong: each look is another chance for chance,
/// and the probability that one of them crosses grows with the looks (at 13 looks of a 0.5% one-sided
/// test, to about 2%). Lan and DeMets' alpha spending ("Discrete sequential boundaries for clinical
/// trials", Biometrika 70, 1983) spends the level over the looks instead: by the information fraction
/// `t` (here pairs taken over the most that may be taken) a spending function says how much of it may
/// have been spent, and each look's critical value is the one that spends exactly the increment, given
/// that the statistic did not cross before. The spending function is Pocock's type, `level · ln(1 + (e - 1) t)`
/// (Lan and DeMets; Kim and DeMets 1987): it spends early, so the first look is not much stricter than
/// a single test, which lets a cell whose first pairs already decide it stop there.
///
/// The critical values follow from the joint distribution of the standardised statistics at the
/// looks, the canonical one of a sum of independent increments: `Z_k √t_k` is a Brownian motion at the
/// times `t_k`. The probabilities are integrated numerically over that motion's density between looks
/// (Armitage, McPherson and Rowe, 1969), on a grid, with Simpson's rule. Statistics of rank sums (the
/// Wilcoxon signed-rank statistic of the pairs so far) have this joint distribution asymptotically.
public struct AlphaSpendingBoundary: Sendable, Equatable {
    /// The looks' information fractions, increasing, in (0, 1].
    public let fractions: [Double]
    /// The one-sided probability spent over every look: the chance, under the null hypothesis, that
    /// the statistic crosses at any of them.
    public let level: Double
    /// Each look's critical value of the standardised statistic (`Z_k >= critical[k]` crosses); infinite
    /// for a look that may spend nothing.
    public let critical: [Double]

    /// The boundary of looks at `fractions` (increasing, the last at most 1) spending `level`.
    public init(fractions: [Double], level: Double) {
        precondition(!fractions.isEmpty && fractions.allSatisfy { $0 > 0 && $0 <= 1 }, "looks need fractions in (0, 1]")
        precondition(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 }, "looks need increasing fractions")
        precondition(level > 0 && level < 1, "a level is a probability in (0, 1)")
        self.fractions = fractions
        self.level = level
        critical = Self.criticalValues(fractions, level: level)
    }

    /// How much of `level` a design may have spent by information fraction `t`: Pocock's type.
    public static func spent(_ level: Double, by t: Double) -> Double {
        level * log(1 + (exp(1) - 1) * min(max(t, 0), 1))
    }
}

// MARK: - The recursion

extension AlphaSpendingBoundary {
    /// Points of the grid per unit of the motion's standard deviation over the narrowest step, and the
    /// fewest in all: enough for Simpson's rule to integrate the normal kernel to about 1e-7.
    private static let pointsPerDeviation = 8.0
    private static let minimumPoints = 401
    /// Where the density is cut off below, in standard deviations of the motion at the look: what lies
    /// beyond (below 1e-15) never comes back to cross.
    private static let lowerCut = 8.5

    /// The density of `S = Z √t` on the continuation region of a look: values at evenly spaced points,
    /// and the Simpson weights of the points.
    private struct Density {
        var points: [Double]
        var values: [Double]
        var weights: [Double]

        init(from low: Double, to high: Double, count: Int, value: (Double) -> Double) {
            let count = count.isMultiple(of: 2) ? count + 1 : count
            let step = (high - low) / Double(count - 1)
            points = (0..<count).map { low + Double($0) * step }
            values = points.map(value)
            weights = (0..<count).map { index in
                let factor: Double = index == 0 || index == count - 1 ? 1 : index.isMultiple(of: 2) ? 2 : 4
                return factor * step / 3
            }
        }
    }

    private static func criticalValues(_ fractions: [Double], level: Double) -> [Double] {
        var critical: [Double] = []
        var density: Density?
        var previous = 0.0
        let narrowest = zip([0] + fractions, fractions).map { ($1 - $0).squareRoot() }.min()!
        for t in fractions {
            let increment = spent(level, by: t) - spent(level, by: previous)
            let deviation = (t - previous).squareRoot()
            let c: Double
            if let density {
                c = increment > 0 ? solve(increment) { crossing(density, at: $0 * t.squareRoot(), deviation: deviation) } : .infinity
            } else {
                c = Normal.upperQuantile(increment)
            }
            critical.append(c)
            // The density of S_t on (-lowerCut √t, c √t], carried to the next look.
            let high = c.isFinite ? c * t.squareRoot() : Self.lowerCut * t.squareRoot()
            let low = -Self.lowerCut * t.squareRoot()
            let count = max(Self.minimumPoints, Int(((high - low) / narrowest * Self.pointsPerDeviation).rounded(.up)))
            let before = density
            density = Density(from: low, to: high, count: count) { y in
                guard let before else { return Normal.density(y / deviation) / deviation }
                var sum = 0.0
                for index in before.points.indices {
                    sum += before.weights[index] * before.values[index] * Normal.density((y - before.points[index]) / deviation)
                }
                return sum / deviation
            }
            previous = t
        }
        return critical
    }

    /// The probability that the motion, at `density` at the last look and moving by a normal step of
    /// `deviation`, ends at or above `bound`.
    private static func crossing(_ density: Density, at bound: Double, deviation: Double) -> Double {
        var sum = 0.0
        for index in density.points.indices {
            sum += density.weights[index] * density.values[index] * Normal.upperTail((bound - density.points[index]) / deviation)
        }
        return sum
    }

    /// The `c` at which the decreasing `probability(c)` equals `target`, by bisection.
    private static func solve(_ target: Double, _ probability: (Double) -> Double) -> Double {
        var low = 0.0, high = 40.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if probability(middle) > target { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

/// The standard normal distribution, as the boundaries and the rule need it.
enum Normal {
    static func density(_ z: Double) -> Double {
        exp(-z * z / 2) / (2 * Double.pi).squareRoot()
    }

    /// P(Z >= z).
    static func upperTail(_ z: Double) -> Double {
        erfc(z / 2.0.squareRoot()) / 2
    }

    /// The z with P(Z >= z) = `probability`, by bisection on ``upperTail(_:)`` (exact to ~1e-12).
    static func upperQuantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile needs 0 < probability < 1")
        var low = -40.0, high = 40.0
        for _ in 0..<200 where high - low > 1e-13 {
            let middle = (low + high) / 2
            if upperTail(middle) > probability { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
