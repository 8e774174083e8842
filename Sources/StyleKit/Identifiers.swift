/// The name of an implementation under test: a row of every report, and the key used on the command line
/// and in CSV files. The constants below are the rows the harness, the workloads or the tests name in code;
/// any other row, of this project's (`leanBridge`) or another package's (`"myOperators"`), is named by a
/// string in its own style, which ``malformedReason`` checks when it is registered.
public struct ImplementationID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    public static let baseline: Self = "baseline"
    public static let builtin: Self = "builtin"
    public static let structBridge: Self = "structBridge"
    public static let classSubscription: Self = "classSubscription"
    public static let anySubscriber: Self = "anySubscriber"
    /// The struct-bridge style over SimpleCombine, a from-scratch Combine core, not OpenCombine.
    public static let simpleCombine: Self = "simpleCombine"
    public static let rxSink: Self = "rxSink"
    /// RxSwift itself: only in builds given a checkout (`REACTIVE_BENCH_RXSWIFT`, Package.swift); the name
    /// exists in every build, so that asking for it without one says why.
    public static let rxSwift: Self = "rxSwift"
    /// Swift concurrency: an `AsyncStream`, the standard library's and async-algorithms' operators, a
    /// consumer task iterating with `for await`.
    public static let asyncSequence: Self = "asyncSequence"

    /// Why this cannot name an implementation, or nil: a name is 1 to 40 ASCII letters and digits starting
    /// with a letter, so that it is a CSV field, a file name and a shell word as it is, and no glob.
    public var malformedReason: String? {
        if rawValue.isEmpty { return "an implementation needs a name" }
        guard rawValue.count <= 40 else { return "'\(rawValue.prefix(40))...' is longer than 40 characters" }
        let isLetter = { (byte: UInt8) in (65...90).contains(byte) || (97...122).contains(byte) }
        let bytes = Array(rawValue.utf8)
        guard isLetter(bytes[0]), bytes.allSatisfy({ isLetter($0) || (48...57).contains($0) }) else {
            return "'\(rawValue)' is not a name: use ASCII letters and digits, starting with a letter"
        }
        return nil
    }
}

/// The operator set every style implements as far as it can (docs/SEMANTICS.md gives their rules).
public enum OperatorID: String, CaseIterable, Sendable, Comparable {
    case map
    case filter
    case scan
    case modulus
    case histogram
    case withLatestFrom
    case sample
    case sampleWithFrom

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The subjects compared in fan-out workloads.
public enum SubjectID: String, CaseIterable, Sendable {
    case passthroughSubject
    case customSubject
    case rxPublishSubject
    /// SimpleCombine's subject, with a conduit per subscriber.
    case simplePassthroughSubject
}
