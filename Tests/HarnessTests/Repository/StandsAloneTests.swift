import Testing

/// The repository stands alone: nothing in it points at a file a clone does not have, and every relative
/// link of its Markdown reaches a file (and heading) that is there.
struct StandsAloneTests {
    @Test func noTrackedFileRefersOutsideTheRepository() async throws {
        guard let files = try await RepositoryFiles.tracked() else { return }
        let textFiles = files.textFiles()
        // A listing that read nothing would pass vacuously.
        #expect(textFiles.count > 300, "tracked text files read: \(textFiles.count)")
        #expect(textFiles.contains { $0.path == "Package.swift" })

        let designDocumentIsTracked = files.containsFile(named: "DESIGN" + ".md")
        for file in textFiles {
            let found = OutsideReference.find(
                in: file.text, of: file.path, designDocumentIsTracked: designDocumentIsTracked
            )
            for reference in found {
                Issue.record("\(reference)")
            }
        }
    }

    @Test func everyRelativeLinkInTheMarkdownResolves() async throws {
        guard let files = try await RepositoryFiles.tracked() else { return }
        let documents = files.paths.filter { $0.hasSuffix(".md") }
        #expect(documents.contains("README.md"))
        #expect(documents.contains { $0.hasPrefix("docs/") })

        var checked = 0
        for document in documents {
            guard let text = files.text(of: document) else {
                Issue.record("\(document) cannot be read")
                continue
            }
            for link in MarkdownLinks.links(in: text) {
                checked += 1
                let problem = MarkdownLinks.problem(with: link, in: document, files: files, text: files.text(of:))
                if let problem { Issue.record("\(document):\(link.line): \(problem)") }
            }
        }
        #expect(checked > 50, "links checked: \(checked)")
    }
}
