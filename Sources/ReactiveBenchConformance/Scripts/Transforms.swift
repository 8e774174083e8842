import StyleKit

/// The closures every operator under test is built with, shared by every family and by the
/// ``ReferenceModel``, so that all of them compute the same outputs.
package enum Transforms {
    package static func map(_ value: Int) -> Int { value &* 2 &+ 1 }
    package static func isIncluded(_ value: Int) -> Bool { value % 2 == 0 }
    package static let scanInitial = 0
    package static func scan(_ accumulator: Int, _ value: Int) -> Int { accumulator &+ value }
    package static let modulo = 3
    /// The custom-operator article's result selector: `1` with `"3"` gives `"13"`.
    package static func combine(_ value: Int, _ latest: Int) -> String { "\(value)\(latest)" }
}
