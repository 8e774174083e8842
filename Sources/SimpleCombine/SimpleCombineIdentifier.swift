import Synchronization

/// A unique identity for a subscriber or subscription (Combine's `CombineIdentifier`): the address of an
/// object, or a number drawn from a process-wide counter for a value type, which has no address.
public struct SimpleCombineIdentifier: Hashable, Sendable, CustomStringConvertible {
    private let rawValue: UInt

    /// A fresh identity, for a struct subscriber.
    public init() {
        rawValue = nextIdentifier.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The identity of `object`.
    public init(_ object: AnyObject) {
        rawValue = UInt(bitPattern: ObjectIdentifier(object).hashValue)
    }

    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// Counts identities of value types. It starts at one: no object lives at address 1 or near it.
private let nextIdentifier = Atomic<UInt>(0)

/// A type with a ``SimpleCombineIdentifier``. Classes get their address for free; a struct subscriber
/// stores a fresh ``SimpleCombineIdentifier/init()``.
public protocol SimpleCombineIdentifierConvertible {
    var combineIdentifier: SimpleCombineIdentifier { get }
}

extension SimpleCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: SimpleCombineIdentifier { SimpleCombineIdentifier(self) }
}
