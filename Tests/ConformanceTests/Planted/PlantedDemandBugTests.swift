import ReactiveBenchConformance
import StyleKit
import Testing

/// The conformance library catches a demand bug planted in a style's `map`, through the call a package makes
/// for its own style (`CombineConformance.check`), with a failure that names the contract, the operator and
/// the upstream's request history expected and seen. Each case passes only if the library records the
/// failures it expects (as known issues of the test).
@Suite struct PlantedDemandBugTests {
    /// A style with a bug planted, what its upstream is asked for after the downstream's `request(3)`,
    /// `request(2)`, and another contract that catches it.
    struct PlantedBug: Sendable, CustomTestStringConvertible {
        let style: any PlantedDemandStyle.Type
        let upstreamRequests: String
        let alsoCaughtBy: ConformanceContract

        var testDescription: String { style.implementation.rawValue }
    }

    @Test(arguments: [
        PlantedBug(
            style: UnlimitedDemandMap.self, upstreamRequests: "[unlimited, unlimited]",
            alsoCaughtBy: .neverMoreValuesThanRequested
        ),
        PlantedBug(
            style: ForgottenDemandMap.self, upstreamRequests: "[]", alsoCaughtBy: .completionArrivesExactlyOnceAndNothingFollows
        ),
    ])
    func aDemandBugInMapFailsTheContracts(_ bug: PlantedBug) async {
        let issues = await Self.issues(of: bug.style)
        #expect(issues.contains("""
            downstreamDemandGoesToTheUpstreamUnchanged on \(bug.style.implementation).map: the upstream's requests after \
            the downstream's request(3), request(2)
              expected: [max(3), max(2)]
              actual:   \(bug.upstreamRequests)
            """))
        #expect(issues.contains { $0.hasPrefix("\(bug.alsoCaughtBy) on \(bug.style.implementation).map: ") })
    }

    /// What `CombineConformance.check` records for `style`, each issue's comments in one string, as known
    /// issues of the calling test, which fails if there is none. Every issue the library records names
    /// `style`'s map (the random-script contracts' checker adds one of its own, with the failing script).
    static func issues<Style: CombineOperatorStyle>(of style: Style.Type) async -> [String] {
        let recorded = Locked<[String]>([])
        await withKnownIssue("a demand bug planted in \(Style.implementation)'s map") {
            await CombineConformance.check(style)
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        let issues = recorded.withLock { $0 }
        for issue in issues where !issue.hasPrefix("Failure occured with input") {
            #expect(issue.contains(" on \(Style.implementation).map: "), "an issue that names no contract: \(issue)")
        }
        return issues
    }
}
