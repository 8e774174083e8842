import Foundation
import Harness
import Testing

struct CSVFileTests {
    let table = CSVTable(header: ["implementation", "note"], rows: [["structBridge", "a, b"], ["baseline", "x\ny"]])

    @Test func writeThenReadGivesTheSameTable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("cells.csv")
        try table.write(to: path)
        #expect(try CSVTable.read(from: path) == table)
    }

    @Test func writeReplacesTheWholeContentAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("cells.csv")
        let long = CSVTable(header: ["n"], rows: (0..<10_000).map { [String($0)] })
        try long.write(to: path)
        try table.write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == table.encoded())
        #expect(try directory.entries() == ["cells.csv"])
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("cells.csv")
        try table.write(to: path)
        // A directory where the file should go makes the final rename fail after the data is written.
        let blocked = directory.appending("blocked.csv")
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: "\(blocked)/keep", contents: Data()))
        #expect(throws: HarnessError.self) { try table.write(to: blocked) }
        #expect(try CSVTable.read(from: path) == table)
        #expect(try directory.entries() == ["blocked.csv", "cells.csv"])
    }

    @Test func writingToAMissingDirectoryNamesThePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("missing/cells.csv")
        do throws(HarnessError) {
            try table.write(to: path)
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.message.contains(path))
            #expect(error.message.contains("No such file or directory"))
        }
    }

    @Test func aRaggedTableIsNotWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ragged = CSVTable(header: ["a", "b"], rows: [["1", "2"], ["3"]])
        let path = directory.appending("r.csv")
        #expect(throws: HarnessError("cannot write \(path): row 2 has 1 fields but the header has 2")) {
            try ragged.write(to: path)
        }
        #expect(try directory.entries().isEmpty)
    }

    @Test func aTableWithABadHeaderIsNotWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("h.csv")
        #expect(throws: HarnessError("cannot write \(path): duplicate column name \"a\"")) {
            try CSVTable(header: ["a", "a"]).write(to: path)
        }
        #expect(throws: HarnessError("cannot write \(path): the table has no columns")) {
            try CSVTable(header: []).write(to: path)
        }
        #expect(try directory.entries().isEmpty)
    }

    @Test func readErrorsStartWithThePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("bad.csv")
        try "a,b\n1\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: HarnessError("\(path): line 2: expected 2 fields, as in the header, but found 1")) {
            try CSVTable.read(from: path)
        }
        #expect(throws: HarnessError.self) { try CSVTable.read(from: directory.appending("absent.csv")) }
    }
}
