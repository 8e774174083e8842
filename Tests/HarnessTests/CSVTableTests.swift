import Harness
import Testing

struct CSVTableTests {
    static let awkwardFields = [
        "plain", "with, comma", "with \"quotes\"", "two\nlines", "crlf\r\nline", "", " padded ", "日本語 ✓ é",
        "\"", ",", "trailing\n",
    ]

    @Test func roundTripKeepsEveryField() throws {
        let table = CSVTable(
            header: ["name", "value", "note"],
            rows: [
                ["map", "2.8", ""],
                ["with, comma", "with \"quotes\"", "two\nlines"],
                ["", "", ""],
                ["日本語 ✓ é", "crlf\r\nline", " padded "],
            ]
        )
        #expect(try CSVTable.decode(table.encoded()) == table)
    }

    @Test(arguments: awkwardFields)
    func roundTripOfASingleAwkwardField(field: String) throws {
        let table = CSVTable(header: ["a", "b"], rows: [[field, "x"], ["y", field]])
        #expect(try CSVTable.decode(table.encoded()) == table)
    }

    @Test func aSingleEmptyColumnValueSurvives() throws {
        let table = CSVTable(header: ["only"], rows: [[""], ["x"], [""]])
        #expect(table.encoded() == "only\n\"\"\nx\n\"\"\n")
        #expect(try CSVTable.decode(table.encoded()) == table)
    }

    @Test func encodingQuotesOnlyWhatNeedsIt() {
        let table = CSVTable(header: ["a", "b", "c"], rows: [["1", "x,y", "say \"hi\""]])
        #expect(table.encoded() == "a,b,c\n1,\"x,y\",\"say \"\"hi\"\"\"\n")
    }

    @Test func decodingAcceptsCRLFAndAMissingFinalNewline() throws {
        let table = try CSVTable.decode("a,b\r\n1,2\r\n3,4")
        #expect(table == CSVTable(header: ["a", "b"], rows: [["1", "2"], ["3", "4"]]))
    }

    @Test func columnFindsTheIndexByName() {
        let table = CSVTable(header: ["implementation", "ns_per_element_median"])
        #expect(table.column("ns_per_element_median") == 1)
        #expect(table.column("missing") == nil)
    }

    @Test func aHeaderOnlyTableHasNoRows() throws {
        #expect(try CSVTable.decode("a,b\n") == CSVTable(header: ["a", "b"]))
    }
}

struct MalformedCSVTests {
    @Test func aRaggedRowNamesItsLine() {
        expectError("a,b,c\n1,2,3\n4,5\n", contains: "line 3: expected 3 fields, as in the header, but found 2")
    }

    @Test func aRowWithTooManyFieldsNamesItsLine() {
        expectError("a,b\n1,2,3\n", contains: "line 2: expected 2 fields")
    }

    /// The record on line 2 spans two physical lines, so the ragged record after it starts on line 4.
    @Test func lineNumbersCountLinesInsideQuotedFields() {
        expectError("a,b\n\"x\ny\",2\n3\n", contains: "line 4:")
    }

    @Test func anUnterminatedQuoteNamesTheLineItOpensOn() {
        expectError("a,b\n1,2\n3,\"never closed\n4,5\n", contains: "line 3: unterminated quoted field")
    }

    @Test func anEmptyFileIsAnError() {
        expectError("", contains: "empty file")
    }

    @Test func aMissingHeaderIsAnError() {
        expectError("\na,b\n", contains: "line 1: missing header")
    }

    @Test func textAfterAClosingQuoteIsAnError() {
        expectError("a,b\n\"x\"y,2\n", contains: "line 2: unexpected text after a closing quote")
    }

    @Test func aQuoteInsideAnUnquotedFieldIsAnError() {
        expectError("a,b\nx\"y,2\n", contains: "line 2: a quote inside an unquoted field")
    }

    @Test func aBareCarriageReturnIsAnError() {
        expectError("a,b\n1\r2,3\n", contains: "line 2: a carriage return")
    }

    @Test func duplicateOrEmptyColumnNamesAreErrors() {
        expectError("a,a\n", contains: "line 1: duplicate column name \"a\"")
        expectError("a,,c\n", contains: "line 1: column 2 has an empty name")
    }

    private func expectError(
        _ text: String, contains expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do throws(HarnessError) {
            let table = try CSVTable.decode(text)
            Issue.record("decoded \(table) instead of failing", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.contains(expected), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), "one line", sourceLocation: sourceLocation)
        }
    }
}
