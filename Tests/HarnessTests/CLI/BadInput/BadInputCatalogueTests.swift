import Foundation
import Testing

/// docs/BAD-INPUT.md lists every bad-input case, and nothing else; with `REACTIVE_BENCH_UPDATE_DOCS=1` this
/// test runs every case (with all its checks) and rewrites the file.
struct BadInputCatalogueTests {
    static let allCases = BadInputCatalogue.sections.flatMap(\.cases)

    @Test func thereAreAtLeastThirtyCasesWithDistinctNames() {
        #expect(Self.allCases.count >= 30)
        #expect(Set(Self.allCases.map(\.name)).count == Self.allCases.count, "names are the catalogue's keys")
    }

    @Test func theCatalogueHasARowForEveryCaseAndNoOther() async throws {
        if BadInputCatalogue.isUpdating {
            var printed: [String: String] = [:]
            for badCase in Self.allCases {
                printed[badCase.name] = try await BadInputCheck.run(badCase)
            }
            try BadInputCatalogue.render(printed: printed).write(toFile: BadInputCatalogue.path, atomically: true, encoding: .utf8)
        }
        #expect(try BadInputCatalogue.namesInFile() == Self.allCases.map(\.name))
    }
}
