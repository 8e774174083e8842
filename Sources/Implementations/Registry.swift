import AnySubscriberStyle
import AsyncSequenceStyle
import Builtin
import ClassSubscription
import SimpleCombineOperators
import StructBridge
import StyleKit

/// Every implementation under test, in report order. Code that runs or tests implementations iterates
/// over this table instead of naming styles.
public enum Registry {
    public static let all: [Implementation] = [
        Implementation(
            id: .baseline, family: .loop,
            summary: "a plain loop calling the same transforms: the floor every style is measured against",
            supportedOperators: Set(OperatorID.allCases), isThreadSafe: false, demand: .none, combineStyle: nil
        ),
        combine(BuiltinOperators.self, "OpenCombine's own operators, and operators composed from them"),
        combine(StructBridgeOperators.self, "struct Subscribers that pass the upstream Subscription through"),
        combine(ClassSubscriptionOperators.self, "final classes: Subscriber upstream, Subscription downstream"),
        combine(AnySubscriberOperators.self, "operators assembled from closures through AnySubscriber"),
        Implementation(
            id: .simpleCombine, family: .simpleCombine,
            summary: "struct bridges over SimpleCombine, a Combine core written from scratch (seed 002)",
            supportedOperators: SimpleCombineOperators.supportedOperators,
            isThreadSafe: SimpleCombineOperators.isThreadSafe, demand: .subscriberDemand, combineStyle: nil
        ),
        Implementation(
            id: .rxSink, family: .rx,
            summary: "RxSwift's architecture: Producer.run creates a Sink; push only, no demand",
            supportedOperators: Set(OperatorID.allCases), isThreadSafe: true, demand: .none, combineStyle: nil
        ),
    ] + optional + [
        Implementation(
            id: .asyncSequence, family: .asyncSequence,
            summary: "AsyncStream -> stdlib/async-algorithms operators -> for await in a task (a thread hop)",
            supportedOperators: AsyncSequenceOperators.supportedOperators,
            unsupportedReasons: AsyncSequenceOperators.unsupportedReasons,
            isThreadSafe: true, demand: .bufferOrRendezvous, combineStyle: nil
        ),
    ]

    /// The rows a build lists only when it has what they need: `rxSwift` (after `rxSink`) with an RxSwift
    /// checkout.
    private static var optional: [Implementation] {
        #if REACTIVE_BENCH_RXSWIFT
        [
            Implementation(
                id: .rxSwift, family: .rx,
                summary: "RxSwift itself (the checkout REACTIVE_BENCH_RXSWIFT gave the build), over its PublishSubject",
                supportedOperators: Set(OperatorID.allCases), isThreadSafe: true, demand: .none, combineStyle: nil
            ),
        ]
        #else
        []
        #endif
    }

    /// The implementations this build has no row for, by name, each with why: for the command line, which
    /// says so instead of "unknown name".
    public static var unavailable: [String: String] {
        let absent = ImplementationID.allCases.filter { id in !all.contains { $0.id == id } }
        return Dictionary(uniqueKeysWithValues: absent.map { id in
            (id.rawValue, "\(id.rawValue) is not in this build: it was built without REACTIVE_BENCH_RXSWIFT, "
                + "the path of a local RxSwift checkout (README, \"The rxSwift row\")")
        })
    }

    public static var combineStyles: [any CombineOperatorStyle.Type] {
        all.compactMap(\.combineStyle)
    }

    public static func implementation(_ id: ImplementationID) -> Implementation {
        all.first { $0.id == id }!
    }

    private static func combine(_ style: any CombineOperatorStyle.Type, _ summary: String) -> Implementation {
        Implementation(
            id: style.implementation, family: .combine, summary: summary,
            supportedOperators: style.supportedOperators, isThreadSafe: true, demand: .subscriberDemand,
            combineStyle: style
        )
    }
}
