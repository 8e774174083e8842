extension SimpleSubscribers {
    /// How many more values a subscriber wants: a number, or `.unlimited`. Combine's arithmetic:
    ///
    /// - `.unlimited` absorbs: adding anything to it, or subtracting anything from it, leaves it
    ///   `.unlimited`; subtracting `.unlimited` from a number gives `.none`.
    /// - Adding saturates: a sum beyond `Int.max` is `.unlimited`.
    /// - It is never negative: ``max(_:)`` traps on a negative count, and a subtraction that would go
    ///   below zero gives `.none`.
    /// - `.none` is `.max(0)`.
    public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The count, or `unlimitedRawValue`. Finite counts are at most `Int.max`, so the sum of two
        /// never overflows a `UInt`, and `.unlimited` compares greater than every number.
        @usableFromInline
        internal let rawValue: UInt

        // Computed, not stored: a static `let` is read through a lazy initialiser on every use.
        @usableFromInline
        internal static var unlimitedRawValue: UInt { .max }

        @inlinable
        internal init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// As many values as the publisher can produce.
        @inlinable
        public static var unlimited: Demand { Demand(rawValue: unlimitedRawValue) }

        /// No values: `.max(0)`.
        @inlinable
        public static var none: Demand { Demand(rawValue: 0) }

        /// At most `value` values.
        ///
        /// - Precondition: `value` is not negative.
        @inlinable
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        /// The count, or `nil` for `.unlimited`.
        @inlinable
        public var max: Int? {
            rawValue == Self.unlimitedRawValue ? nil : Int(rawValue)
        }

        public var description: String {
            rawValue == Self.unlimitedRawValue ? "unlimited" : "max(\(rawValue))"
        }

        // MARK: - Arithmetic

        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard lhs.rawValue != unlimitedRawValue, rhs.rawValue != unlimitedRawValue else { return .unlimited }
            return finite(lhs.rawValue + rhs.rawValue)
        }

        @inlinable
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            rhs >= 0 ? lhs + .max(rhs) : lhs - Demand(rawValue: rhs.magnitude)
        }

        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs.rawValue == unlimitedRawValue { return .unlimited }
            if rhs.rawValue == unlimitedRawValue { return .none }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }

        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            rhs >= 0 ? lhs - .max(rhs) : lhs + Demand(rawValue: rhs.magnitude)
        }

        @inlinable
        public static func += (lhs: inout Demand, rhs: Demand) {
            lhs = lhs + rhs
        }

        @inlinable
        public static func += (lhs: inout Demand, rhs: Int) {
            lhs = lhs + rhs
        }

        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) {
            lhs = lhs - rhs
        }

        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) {
            lhs = lhs - rhs
        }

        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// A finite sum of two finite counts (each at most `Int.max`): saturates to `.unlimited`.
        @inlinable
        internal static func finite(_ sum: UInt) -> Demand {
            sum > UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
        }
    }
}
