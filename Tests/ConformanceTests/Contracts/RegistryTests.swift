import Implementations
import StyleKit
import Testing

/// The registry names every implementation once, and what it says each Combine style supports is what
/// the style actually builds.
@Suite struct RegistryTests {
    @Test func listsEveryImplementationExactlyOnce() {
        let ids = Registry.projectRows.map(\.id)
        let expected: [ImplementationID] = [
            .baseline, .builtin, .structBridge, .classSubscription, .anySubscriber, .simpleCombine, .rxSink, .rxSwift,
            .asyncSequence,
        ]
        #expect(ids == expected.filter { Registry.unavailable[$0.rawValue] == nil })
        #expect(Set(Registry.all.map(\.id)).count == Registry.all.count)
        for implementation in Registry.projectRows {
            #expect(implementation.id.malformedReason == nil)
        }
    }

    /// A row from another package is refused, with one line saying why, when its name is taken or is no
    /// name; nothing of a refused call is added.
    @Test(arguments: [
        ("structBridge", "the implementation name 'structBridge' is taken by a built-in implementation"),
        ("", "an implementation needs a name"),
        ("my operators", "'my operators' is not a name: use ASCII letters and digits, starting with a letter"),
        ("2fast", "'2fast' is not a name: use ASCII letters and digits, starting with a letter"),
        ("map*", "'map*' is not a name: use ASCII letters and digits, starting with a letter"),
    ])
    func aRowWhoseNameIsTakenOrMalformedIsRefused(name: String, message: String) {
        let before = Registry.all.map(\.id)
        let row = Implementation(
            id: ImplementationID(name), family: .loop, summary: "a test row", supportedOperators: [], isThreadSafe: false,
            demand: .none, combineStyle: nil
        )
        #expect(throws: RegistrationError.self) { try Registry.add([row]) }
        do { try Registry.add([row]) } catch { #expect(error.description == message) }
        #expect(Registry.all.map(\.id) == before)
    }

    @Test func twoRowsOfOneNameInOneCallAreRefused() {
        let row = Implementation(
            id: "twiceNamedTestRow", family: .loop, summary: "a test row", supportedOperators: [], isThreadSafe: false,
            demand: .none, combineStyle: nil
        )
        do {
            try Registry.add([row, row])
            Issue.record("two rows of one name were added")
        } catch {
            #expect(error.description == "the implementation name 'twiceNamedTestRow' is taken by an implementation added before")
        }
        #expect(!Registry.all.contains { $0.id == row.id })
    }

    /// Only the optional row may be missing, and only from a build without its library, saying why.
    @Test func onlyTheRxSwiftRowMayBeMissing() {
        #expect(Set(Registry.unavailable.keys).isSubset(of: [ImplementationID.rxSwift.rawValue]))
        #if REACTIVE_BENCH_RXSWIFT
        #expect(Registry.unavailable.isEmpty)
        #else
        #expect(Registry.unavailable[ImplementationID.rxSwift.rawValue]?.contains("REACTIVE_BENCH_RXSWIFT") == true)
        #endif
    }

    @Test func listsEveryCombineStyleAsACombineImplementation() {
        let combineIDs = Registry.all.filter { $0.family == .combine }.map(\.id)
        #expect(Registry.combineStyles.map { $0.implementation } == combineIDs)
        for implementation in Registry.all {
            #expect((implementation.combineStyle != nil) == (implementation.family == .combine))
            #expect(Registry.implementation(implementation.id).id == implementation.id)
        }
    }

    @Test(arguments: Registry.combineStyles.map { $0.implementation })
    func supportedOperatorsMatchWhatTheStyleBuilds(_ id: ImplementationID) {
        let implementation = Registry.implementation(id)
        let style = implementation.combineStyle!
        #expect(implementation.supportedOperators == style.supportedOperators)
        for operation in OperatorID.allCases {
            let supported = style.supportedOperators.contains(operation)
            do {
                _ = try Rigs.combine(.registered(id), operation)
                #expect(supported, "\(id) built \(operation) but does not list it as supported")
            } catch {
                #expect(!supported, "\(id) lists \(operation) as supported but threw \(error)")
                #expect(error.implementation == id)
                #expect(error.operation == operation)
                #expect(!error.reason.isEmpty)
            }
        }
    }
}
