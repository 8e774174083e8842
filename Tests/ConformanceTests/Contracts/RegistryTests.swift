import Implementations
import StyleKit
import Testing

/// The registry names every implementation once, and what it says each Combine style supports is what
/// the style actually builds.
@Suite struct RegistryTests {
    @Test func listsEveryImplementationExactlyOnce() {
        let ids = Registry.all.map(\.id)
        #expect(ids.sorted() == ImplementationID.allCases.filter { Registry.unavailable[$0.rawValue] == nil })
        #expect(Set(ids).count == ids.count)
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
