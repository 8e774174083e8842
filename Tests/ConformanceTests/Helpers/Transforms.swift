import StyleKit

/// The closures every operator under test is built with, shared by every family and by the
/// ``ReferenceModel``, so that all of them compute the same outputs.
enum Transforms {
    static func map(_ value: Int) -> Int { value &* 2 &+ 1 }
    static func isIncluded(_ value: Int) -> Bool { value % 2 == 0 }
    static let scanInitial = 0
    static func scan(_ accumulator: Int, _ value: Int) -> Int { accumulator &+ value }
    static let modulo = 3
    /// Seed 000's result selector: `1` with `"3"` gives `"13"`.
    static func combine(_ value: Int, _ latest: Int) -> String { "\(value)\(latest)" }
}
