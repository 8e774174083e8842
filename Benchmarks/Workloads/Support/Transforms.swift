/// The transforms every implementation calls: one definition, so every row does the same work.
/// Wrapping arithmetic, so no implementation pays for (or traps on) overflow checks the others skip.
public enum Transforms {
    @inline(__always)
    public static func map(_ value: Int) -> Int { value &* 3 &+ 1 }

    @inline(__always)
    public static func isEven(_ value: Int) -> Bool { value & 1 == 0 }

    /// True for every seeded input and every sum of them in practice (they are far from `Int.min`), but
    /// not provably so: the depth sweeps' filter stages test it and pass everything on.
    @inline(__always)
    public static func passesAll(_ value: Int) -> Bool { value != .min }

    @inline(__always)
    public static func sum(_ accumulator: Int, _ value: Int) -> Int { accumulator &+ value }

    /// `abs(value % modulo)`: the struct-bridge pattern's modulus, for the hand-written loop.
    @inline(__always)
    public static func modulus(_ value: Int, _ modulo: Int) -> Int { abs(value % modulo) }

    /// How the two-input workloads combine a primary value with a secondary one: the custom-operator
    /// article's `intValue.description + stringValue` for single digits (1 and 3 give 13).
    @inline(__always)
    public static func combine(_ primary: Int, _ secondary: Int) -> Int { primary &* 10 &+ secondary }
}
