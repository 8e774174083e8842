import StyleKit

/// The operators as plain loops: what every async pipeline must deliver.
enum Reference {
    static let inputs = [3, -7, 10, 0, 22, -1_000, 5, 5, 8, -3]
    @Sendable static func map(_ value: Int) -> Int { value &* 2 &+ 1 }
    @Sendable static func isIncluded(_ value: Int) -> Bool { value % 2 == 0 }
    @Sendable static func scan(_ accumulator: Int, _ value: Int) -> Int { accumulator &+ value }

    static func mapped(_ values: [Int]) -> [Int] { values.map(map) }
    static func filtered(_ values: [Int]) -> [Int] { values.filter(isIncluded) }
    static func scanned(_ values: [Int]) -> [Int] {
        var accumulator = 0
        return values.map { value in
            accumulator = scan(accumulator, value)
            return accumulator
        }
    }
    static func moduli(_ values: [Int], _ modulo: Int) -> [Int] { values.map { abs($0 % modulo) } }
}
