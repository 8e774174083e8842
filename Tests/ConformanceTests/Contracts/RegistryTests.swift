@testable import Workloads
import StyleKit
import Testing

/// The registry names every implementation once, and what it says each Combine style supports is what
/// the style actually builds.
@Suite struct RegistryTests {
    /// The list is the registry itself: adding a row is one line there, and no test repeats the list.
    @Test func listsEveryImplementationExactlyOnceTheFloorFirst() {
        #expect(Registry.projectRows.first?.id == .baseline)
        #expect(Set(Registry.all.map(\.id)).count == Registry.all.count)
        for implementation in Registry.projectRows {
            #expect(implementation.id.malformedReason == nil)
        }
    }

    /// Every project row declares its colour and when to use it; no two rows of a run share a colour.
    @Test func everyProjectRowHasAColourOfItsOwnAndSaysWhenToUseIt() {
        for implementation in Registry.projectRows {
            #expect(implementation.colour.map(ReportColours.isColour) == true, "\(implementation.id)")
            #expect(implementation.whenToUse?.isEmpty == false, "\(implementation.id)")
        }
        let colours = Registry.colours
        #expect(Set(Registry.all.map(\.id)) == Set(colours.keys))
        #expect(Set(colours.values).count == colours.count)
    }

    /// A row that names no colour takes the spare ones in order; a malformed colour is refused.
    @Test func colourlessRowsTakeTheSpareColoursInOrder() throws {
        let rows = (0..<(ReportColours.spare.count + 1)).map { (ImplementationID("spareColourRow\($0)"), String?.none) }
        let colours = ReportColours.resolve([(ImplementationID("declaredColourRow"), "#123456")] + rows)
        #expect(colours["declaredColourRow"] == "#123456")
        #expect(rows.map { colours[$0.0]! } == ReportColours.spare + [ReportColours.spare[0]])
        for text in ["#12345", "123456", "#12345g", "#1234567", "#ABCDEF"] {
            #expect(ReportColours.isColour(text) == (text == "#ABCDEF"), "\(text)")
        }
        let row = Implementation(
            id: "badColourTestRow", family: .loop, summary: "a test row", supportedOperators: [], isThreadSafe: false,
            demand: .none, combineStyle: nil, colour: "red"
        )
        do {
            try Registry.add([row])
            Issue.record("a row with the colour 'red' was added")
        } catch {
            #expect(error.description == "'badColourTestRow' has the colour 'red': write it as #rrggbb")
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

    /// What a style builds and throws for is the conformance library's `unsupportedOperatorsThrow` (and
    /// every other contract, which fails on a supported operator the style does not build).
    @Test(arguments: Registry.combineStyles.map { $0.implementation })
    func supportedOperatorsAreWhatTheStyleDeclares(_ id: ImplementationID) {
        let implementation = Registry.implementation(id)
        #expect(implementation.supportedOperators == implementation.combineStyle!.supportedOperators)
    }

    /// REACTIVE_BENCH_CONFORMANCE_STYLES names implementations under test, or the suite would run none of
    /// the contracts for a misspelt one and pass.
    @Test func theConformanceStyleSelectionNamesImplementationsUnderTest() {
        let known = Set(ImplementationUnderTest.every.map(\.id.rawValue))
        for name in ImplementationUnderTest.selectedNames ?? [] where !known.contains(name) {
            Issue.record("\(ImplementationUnderTest.selectionVariable) names '\(name)', which is none of \(known.sorted())")
        }
    }
}
