import Foundation
import Harness
import Testing

struct RunDirectoryTests {
    @Test func createsTheParentAndATimestampedDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let parent = directory.appending("results/runs")
        // 2025-01-31 12:34:56 UTC
        let path = try RunDirectory.create(under: parent, label: "default", secondsSince1970: 1_738_326_896)
        #expect(path == "\(parent)/20250131-123456-default")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func twoRunsInTheSameSecondGetTwoDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try RunDirectory.create(under: directory.path, label: "suite", secondsSince1970: 1_738_326_896)
        let second = try RunDirectory.create(under: directory.path, label: "suite", secondsSince1970: 1_738_326_896)
        let third = try RunDirectory.create(under: directory.path, label: "suite", secondsSince1970: 1_738_326_896)
        #expect(second == "\(first)-2")
        #expect(third == "\(first)-3")
    }

    @Test func createTwiceNowNeverReusesAName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try RunDirectory.create(under: directory.path, label: "now")
        let second = try RunDirectory.create(under: directory.path, label: "now")
        #expect(first != second)
        #expect(try directory.entries().count == 2)
    }

    @Test func anExistingRunIsNeverTouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try RunDirectory.create(under: directory.path, label: "x", secondsSince1970: 0)
        try "kept".write(toFile: "\(first)/cells.csv", atomically: false, encoding: .utf8)
        _ = try RunDirectory.create(under: directory.path, label: "x", secondsSince1970: 0)
        #expect(try String(contentsOfFile: "\(first)/cells.csv", encoding: .utf8) == "kept")
    }

    @Test func aParentThatCannotHoldDirectoriesIsAClearError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("a-file")
        try "".write(toFile: file, atomically: false, encoding: .utf8)
        do throws(HarnessError) {
            _ = try RunDirectory.create(under: file, label: "x")
            Issue.record("created a run directory inside a regular file")
        } catch {
            #expect(error.message.hasPrefix("cannot create a run directory under \(file): "))
        }
    }

    @Test func aLabelWithASlashIsRejected() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: HarnessError.self) { try RunDirectory.create(under: directory.path, label: "../escape") }
        #expect(throws: HarnessError.self) { try RunDirectory.create(under: directory.path, label: "") }
    }
}
