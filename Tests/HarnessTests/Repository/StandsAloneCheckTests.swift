import Testing

/// The checks of ``StandsAloneTests`` on planted text: each kind of outside reference and broken link is
/// found, and what only looks like one is not.
struct StandsAloneCheckTests {
    // Planted text is assembled at run time, so that this file holds no reference itself.
    static let seed = "se" + "ed"

    @Test func plantedOutsideReferencesAreFound() {
        let planted = [
            "// as \("DESIGN" + ".md") says",
            "/// after \(Self.seed) 003 (RxSwift)",
            "/// \(Self.seed)s 000 and 003",
            "/// the \(Self.seed)\n/// 002's subject",
            "static let histogram\(Self.seed.capitalized)004 = [1]",
            "read \("/work" + "/")main/README.md",
            "cp \("shared" + "/")notes.txt",
            "ls \(Self.seed)s/",
        ]
        for text in planted {
            #expect(Self.find(text).count == 1, "\(text): \(Self.find(text))")
        }
        let lines = Self.find("a\nb\n// \(Self.seed) 004\n")
        #expect(lines.map(\.line) == [3])
        #expect(lines.map(\.excerpt) == ["// \(Self.seed) 004"])
    }

    @Test func randomNumberSeedsAndATrackedDesignDocumentAreNotFindings() {
        let legitimate = [
            "1000 seeded Ints (\(Self.seed) 0x5eed)",
            "(NumPy \(Self.seed) 7): many ties",
            "Observable.scan(\(Self.seed), accumulator: +)",
            "// Each subscription starts from the \(Self.seed); the grammar makes it safe.",
            "let \(Self.seed) = UInt64(value) | 1",
            "SharedState/ and Seeds.swift",
        ]
        for text in legitimate {
            #expect(Self.find(text).isEmpty, "\(text)")
        }
        let cited = "see \("DESIGN" + ".md")"
        #expect(OutsideReference.find(in: cited, of: "P.swift", designDocumentIsTracked: true).isEmpty)
    }

    static func find(_ text: String) -> [OutsideReference] {
        OutsideReference.find(in: text, of: "Planted.swift", designDocumentIsTracked: false)
    }

    @Test func linksOutsideCodeAreFoundWithTheirLines() {
        let text = """
            # Title
            See [the styles](docs/STYLES.md#where-each-style-lives) and ![chart](plots/a.png "A chart").
            Inline `[not](a-link.md)` code.
            ```sh
            [also not](fenced.md)
            ```
            [label]: <docs/CSV.md>
            """
        #expect(MarkdownLinks.links(in: text) == [
            .init(line: 2, target: "docs/STYLES.md#where-each-style-lives"),
            .init(line: 2, target: "plots/a.png"),
            .init(line: 7, target: "docs/CSV.md"),
        ])
    }

    @Test func headingsGetGitHubsAnchors() {
        let styles = MarkdownLinks.slug("`simpleCombine`: the framework, from scratch")
        #expect(styles == "simplecombine-the-framework-from-scratch")
        #expect(MarkdownLinks.slug("The source axis (subject and direct)") == "the-source-axis-subject-and-direct")
        #expect(MarkdownLinks.slug("The Producer/Sink pattern") == "the-producersink-pattern")
        #expect(MarkdownLinks.slug("A/B: `ab` and [compare](COMPARE.md)") == "ab-ab-and-compare")
        #expect(MarkdownLinks.slug("snake_case columns -- units") == "snake_case-columns----units")
        let text = "# Notes\n## Notes\n```\n# Not a heading\n```\n### Notes ###\n<a name=\"custom\"></a>\n"
        #expect(MarkdownLinks.anchors(in: text) == ["notes", "notes-1", "notes-2", "custom"])
    }

    @Test func plantedBrokenLinksAreFoundAndGoodOnesPass() {
        let files = RepositoryFiles(
            paths: ["README.md", "docs/STYLES.md", "docs/profiles/map.txt", "Sources/A/A.swift"]
        )
        let texts = [
            "README.md": "# Read me\n## Run it\n",
            "docs/STYLES.md": "# Styles\n## Where each style lives\n",
        ]
        func problem(_ target: String, in document: String = "docs/STYLES.md") -> String? {
            MarkdownLinks.problem(with: .init(line: 1, target: target), in: document, files: files) { texts[$0] }
        }
        for good in [
            "../README.md", "../README.md#run-it", "#where-each-style-lives", "profiles/map.txt", "profiles",
            "../Sources/A", "./STYLES.md#styles", "https://example.com/missing.md", "mailto:someone@example.com",
        ] {
            #expect(problem(good) == nil, "\(good)")
        }
        for broken in [
            "MISSING.md", "../README.md#no-such-heading", "#run-it", "../../outside.md", "/docs/STYLES.md",
            "profiles/missing.txt", "../Sources/B",
        ] {
            #expect(problem(broken) != nil, "\(broken)")
        }
        #expect(problem("docs/STYLES.md#where-each-style-lives", in: "README.md") == nil)
    }
}
