#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's t distribution: the quantiles a confidence interval of a least-squares fit needs.
public enum StudentT {
    /// The `probability` quantile of Student's t with `degreesOfFreedom` degrees of freedom: the t with
    /// P(T <= t) = probability. For a two-sided 95% interval, `quantile(0.975, ...)`.
    public static func quantile(_ probability: Double, degreesOfFreedom: Int) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile needs 0 < probability < 1")
        precondition(degreesOfFreedom >= 1, "Student's t needs at least one degree of freedom")
        if probability < 0.5 { return -quantile(1 - probability, degreesOfFreedom: degreesOfFreedom) }
        // P(T <= t) grows with t: bisect on the distribution function, which is exact to ~1e-12 here.
        var low = 0.0, high = 1.0
        while distribution(high, degreesOfFreedom: degreesOfFreedom) < probability { high *= 2 }
        for _ in 0..<200 where high - low > 1e-12 * high {
            let middle = (low + high) / 2
            if distribution(middle, degreesOfFreedom: degreesOfFreedom) < probability { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// P(T <= t): for t >= 0, 1 - I_x(v/2, 1/2) / 2 with x = v / (v + t^2) (the regularised incomplete beta).
    public static func distribution(_ t: Double, degreesOfFreedom: Int) -> Double {
        let v = Double(degreesOfFreedom)
        let tail = regularizedIncompleteBeta(v / (v + t * t), a: v / 2, b: 0.5) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// I_x(a, b), by its continued fraction (Lentz's method), on the side where it converges fast.
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var result = d
        for m in 1...300 {
            let m = Double(m)
            for numerator in [
                m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
            ] {
                d = 1 + numerator * d
                d = 1 / (abs(d) < tiny ? tiny : d)
                c = 1 + numerator / c
                if abs(c) < tiny { c = tiny }
                result *= c * d
            }
            if abs(c * d - 1) < 1e-15 { break }
        }
        return result
    }
}
