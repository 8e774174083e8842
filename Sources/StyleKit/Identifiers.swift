/// The implementations under test: the rows of every report. Raw values are the stable keys used on
/// the command line and in CSV files.
public enum ImplementationID: String, CaseIterable, Sendable, Comparable {
    case baseline
    case builtin
    case structBridge
    case classSubscription
    case anySubscriber
    /// The struct-bridge style over the from-scratch Combine core of seed 002, not OpenCombine.
    case simpleCombine
    case rxSink
    /// RxSwift itself: only in builds given a checkout (`REACTIVE_BENCH_RXSWIFT`, Package.swift); the name
    /// exists in every build, so that asking for it without one says why.
    case rxSwift
    /// Swift concurrency: an `AsyncStream`, the standard library's and async-algorithms' operators, a
    /// consumer task iterating with `for await`.
    case asyncSequence

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The operator set every style implements as far as it can (DESIGN.md, "The operator set").
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
    /// SimpleCombine's subject (seed 002), with a conduit per subscriber.
    case simplePassthroughSubject
}
