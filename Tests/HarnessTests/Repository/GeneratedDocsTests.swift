import Foundation
import Testing
import Workloads

/// The tables docs/ holds between markers are what the tool writes today: a row added to the registry
/// reaches the docs by regenerating them, never by editing a list by hand.
struct GeneratedDocsTests {
    /// docs/STYLES.md's implementations and support matrix are `reactive-bench list --format markdown`.
    @Test func stylesDocumentHoldsTheRegistrysTables() throws {
        #if REACTIVE_BENCH_RXSWIFT
        // A build with the rxSwift row lists one row more than the document, which describes the default build.
        #else
        let path = RepositoryFiles.root + "/docs/STYLES.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let block = try #require(Self.block(named: "implementations", in: text), "docs/STYLES.md has no implementations markers")
        #expect(
            block == ImplementationTables.markdown(Registry.projectRows),
            "docs/STYLES.md's implementations block differs from the registry: paste the output of `reactive-bench list --format markdown` between its markers"
        )
        #endif
    }

    /// The text between `<!-- NAME:begin ... -->` and `<!-- NAME:end -->`, without the marker lines.
    static func block(named name: String, in text: String) -> String? {
        guard let begin = text.range(of: "<!-- \(name):begin"),
            let lineEnd = text[begin.upperBound...].firstIndex(of: "\n"),
            let end = text.range(of: "\n<!-- \(name):end -->", range: lineEnd..<text.endIndex)
        else { return nil }
        return String(text[text.index(after: lineEnd)..<end.lowerBound])
    }
}
