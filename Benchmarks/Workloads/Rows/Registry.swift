import AnySubscriberStyle
import AsyncSequenceStyle
import Builtin
import ClassSubscription
import Foundation
import LeanBridge
import SimpleCombineOperators
import StructBridge
import StyleKit

/// Every implementation a run knows, in report order: the project's own rows, then the rows another
/// package added with ``add(_:)``, in the order they came. Code that runs or tests implementations
/// iterates over ``all`` instead of naming styles.
public enum Registry {
    public static var all: [Implementation] {
        projectRows + added.rows
    }

    /// Adds rows written outside this package (the tool's library entry point calls this with what a user
    /// passes it). A row whose name is malformed or already taken is refused, and so the whole call.
    public static func add(_ implementations: [Implementation]) throws(RegistrationError) {
        try added.withLock { (rows: inout [Implementation]) throws(RegistrationError) in
            var names = Set((projectRows + rows).map(\.id))
            for implementation in implementations {
                if let reason = implementation.id.malformedReason { throw RegistrationError(reason) }
                guard names.insert(implementation.id).inserted else {
                    let owner = projectRows.contains { $0.id == implementation.id } ? "a built-in implementation" : "an implementation added before"
                    throw RegistrationError("the implementation name '\(implementation.id)' is taken by \(owner)")
                }
                if let colour = implementation.colour, !ReportColours.isColour(colour) {
                    throw RegistrationError("'\(implementation.id)' has the colour '\(colour)': write it as #rrggbb")
                }
                if implementation.family == .combine, implementation.combineStyle == nil {
                    throw RegistrationError("'\(implementation.id)' is of the Combine family but has no style")
                }
            }
            rows += implementations
        }
    }

    /// The project's own rows, made through the same initialisers as a row from another package.
    public static let projectRows: [Implementation] = [
        Implementation(
            id: .baseline, family: .loop,
            summary: "a plain loop calling the same transforms: the floor every style is measured against",
            supportedOperators: Set(OperatorID.allCases), isThreadSafe: false, demand: .none, combineStyle: nil,
            colour: "#8c8c8c", whenToUse: "never: it is the floor, the work with no operator around it"
        ),
        Implementation(
            combine: BuiltinOperators.self, colour: "#1f77b4",
            whenToUse: "whenever the library has the operator, but for scan, whose built-in costs several struct bridges"
        ),
        Implementation(
            combine: StructBridgeOperators.self, colour: "#ff7f0e",
            whenToUse: "for an operator of your own: as cheap as the built-ins, and the way to beat a costly one"
        ),
        Implementation(
            combine: LeanBridgeOperators.self, colour: "#f2b701",
            whenToUse: "for a hot operator of your own: a struct bridge with its per-element path trimmed"
        ),
        Implementation(
            combine: ClassSubscriptionOperators.self, colour: "#2ca02c",
            whenToUse: "only where an operator must own its demand or state behind a lock, as two inputs do"
        ),
        Implementation(
            combine: AnySubscriberOperators.self, colour: "#d62728",
            whenToUse: "to sketch an operator from closures; rewrite it as a struct bridge where it is hot"
        ),
        Implementation(
            id: .simpleCombine, family: .simpleCombine,
            summary: "struct bridges over SimpleCombine, a Combine core written from scratch",
            supportedOperators: SimpleCombineOperators.supportedOperators,
            isThreadSafe: SimpleCombineOperators.isThreadSafe, demand: .subscriberDemand, combineStyle: nil,
            colour: "#8c564b", whenToUse: "to see what the framework costs: the same bridges over a minimal core"
        ),
        Implementation(
            id: .rxSink, family: .rx,
            summary: "RxSwift's architecture: Producer.run creates a Sink; push only, no demand",
            supportedOperators: Set(OperatorID.allCases), isThreadSafe: true, demand: .none, combineStyle: nil,
            colour: "#9467bd", whenToUse: "to weigh RxSwift, which it follows in cost, against Combine's styles"
        ),
    ] + optional + [
        Implementation(
            id: .asyncSequence, family: .asyncSequence,
            summary: "AsyncStream -> stdlib/async-algorithms operators -> for await in a task (a thread hop)",
            supportedOperators: AsyncSequenceOperators.supportedOperators,
            unsupportedReasons: AsyncSequenceOperators.unsupportedReasons,
            isThreadSafe: true, demand: .bufferOrRendezvous, combineStyle: nil, colour: "#17becf",
            whenToUse: "where elements cross tasks anyway: every element is a hop between tasks"
        ),
    ]

    private static let added = LockedRows()

    /// The rows a build lists only when it has what they need: `rxSwift` (after `rxSink`) with an RxSwift
    /// checkout.
    private static var optional: [Implementation] {
        #if REACTIVE_BENCH_RXSWIFT
        [
            Implementation(
                id: .rxSwift, family: .rx,
                summary: "RxSwift itself (the checkout REACTIVE_BENCH_RXSWIFT gave the build), over its PublishSubject",
                supportedOperators: Set(OperatorID.allCases), isThreadSafe: true, demand: .none, combineStyle: nil,
                colour: "#5b3a8c", whenToUse: "to check rxSink against the real library (a local checkout)"
            ),
        ]
        #else
        []
        #endif
    }

    /// The implementations this build has no row for, by name, each with why: for the command line, which
    /// says so instead of "unknown name".
    public static var unavailable: [String: String] {
        guard !projectRows.contains(where: { $0.id == .rxSwift }) else { return [:] }
        return [
            ImplementationID.rxSwift.rawValue: "rxSwift is not in this build: it was built without REACTIVE_BENCH_RXSWIFT, "
                + "the path of a local RxSwift checkout (README, \"The rxSwift row\")",
        ]
    }

    /// Every row's colour in the charts: its own, or else the next spare one (``ReportColours/spare``) in
    /// report order, so that a colour means the same row in every chart of a run.
    public static var colours: [ImplementationID: String] {
        ReportColours.resolve(all.map { ($0.id, $0.colour) })
    }

    /// The rows ``add(_:)`` added, in the order they came.
    public static var addedRows: [Implementation] { added.rows }

    public static var combineStyles: [any CombineOperatorStyle.Type] {
        all.compactMap(\.combineStyle)
    }

    /// The row named `id`, which must be one of ``all``.
    public static func implementation(_ id: ImplementationID) -> Implementation {
        guard let implementation = all.first(where: { $0.id == id }) else {
            preconditionFailure("no implementation is registered as '\(id)'")
        }
        return implementation
    }

    /// Where `id` comes in report order (after every registered row when it is none).
    public static func position(of id: ImplementationID) -> Int {
        all.firstIndex { $0.id == id } ?? Int.max
    }
}

/// Why ``Registry/add(_:)`` refused a row: one line.
public struct RegistrationError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}

/// The rows added at run time, behind a lock (a cell's process adds them before it reads any).
private final class LockedRows: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Implementation] = []

    func withLock<Result>(_ body: (inout [Implementation]) throws(RegistrationError) -> Result) throws(RegistrationError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }

    var rows: [Implementation] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
