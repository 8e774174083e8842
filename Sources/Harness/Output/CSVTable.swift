/// A table with a header row, read and written as RFC 4180 CSV.
///
/// Writing quotes the fields that need it (comma, quote, CR or LF), doubles quotes, ends every line with
/// `\n` and puts the header first. Reading is strict: every row has the header's number of fields, and
/// every error names its line.
public struct CSVTable: Sendable, Equatable {
    public var header: [String]
    public var rows: [[String]]

    public init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    /// The index of the first column called `name`.
    public func column(_ name: String) -> Int? {
        header.firstIndex(of: name)
    }

    /// The table as CSV text: the header line, then one line per row, each ending with `\n`.
    public func encoded() -> String {
        var text = ""
        Self.appendRecord(header, to: &text)
        for row in rows { Self.appendRecord(row, to: &text) }
        return text
    }

    /// Parses CSV text. The first record is the header; column names must be non-empty and distinct.
    ///
    /// - Throws: an error naming the line for a ragged row, an unterminated or misplaced quote, an empty
    ///   text, or a missing header.
    public static func decode(_ text: String) throws(HarnessError) -> CSVTable {
        try decodeWithLines(text).table
    }

    /// Reads and parses a CSV file; errors start with the path.
    public static func read(from path: String) throws(HarnessError) -> CSVTable {
        try readWithLines(from: path).table
    }

    /// Writes the table to `path` atomically: readers see the old file or the new one, never a part, and
    /// a failure leaves no temporary file behind.
    ///
    /// - Throws: if the table could not be read back (no columns, an empty or repeated column name, a row
    ///   without the header's number of fields), or if the file cannot be written.
    public func write(to path: String) throws(HarnessError) {
        guard !header.isEmpty else { throw HarnessError("cannot write \(path): the table has no columns") }
        if let problem = Self.headerProblem(header) { throw HarnessError("cannot write \(path): \(problem)") }
        if let index = rows.firstIndex(where: { $0.count != header.count }) {
            throw HarnessError(
                "cannot write \(path): row \(index + 1) has \(rows[index].count) fields "
                    + "but the header has \(header.count)"
            )
        }
        try FileSystem.writeAtomically(Array(encoded().utf8), to: path)
    }
}

// MARK: - Encoding

extension CSVTable {
    private static func appendRecord(_ fields: [String], to text: inout String) {
        // A lone empty field would be a blank line, which reads back as nothing; quoting keeps it a field.
        if fields.count == 1 && fields[0].isEmpty {
            text += "\"\"\n"
            return
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { text += "," }
            appendField(field, to: &text)
        }
        text += "\n"
    }

    private static func appendField(_ field: String, to text: inout String) {
        // Bytes, not Characters: "\r\n" is one Character and would hide the "\n".
        let needsQuotes = field.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        guard needsQuotes else {
            text += field
            return
        }
        text += "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { text += "\"" }
            text.unicodeScalars.append(scalar)
        }
        text += "\""
    }
}

// MARK: - Decoding

extension CSVTable {
    /// ``read(from:)``, with the line of the file each row starts on, for errors about a row's content, and
    /// whether the file ends with a line break (every file this package writes does: one that does not
    /// was cut short).
    static func readWithLines(
        from path: String
    ) throws(HarnessError) -> (table: CSVTable, rowLines: [Int], endsWithLineBreak: Bool) {
        let bytes = try FileSystem.readAll(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HarnessError("\(path): not valid UTF-8")
        }
        do throws(HarnessError) {
            let (table, lines) = try decodeWithLines(text)
            return (table, lines, bytes.last == UInt8(ascii: "\n"))
        } catch {
            throw HarnessError("\(path): \(error.message)")
        }
    }

    /// ``decode(_:)``, with the line each row starts on: a quoted field may span lines, so a row's index
    /// does not tell its line.
    static func decodeWithLines(_ text: String) throws(HarnessError) -> (table: CSVTable, rowLines: [Int]) {
        var parser = CSVParser(text)
        guard let (header, _) = try parser.nextRecord() else {
            throw HarnessError("empty file: expected a header line")
        }
        if header == [""] { throw HarnessError("line 1: missing header (the first line is empty)") }
        if let problem = headerProblem(header) { throw HarnessError("line 1: \(problem)") }
        var rows = [[String]](), lines = [Int]()
        while let (fields, line) = try parser.nextRecord() {
            guard fields.count == header.count else {
                throw HarnessError(
                    "line \(line): expected \(header.count) fields, as in the header, but found \(fields.count)"
                )
            }
            rows.append(fields)
            lines.append(line)
        }
        return (CSVTable(header: header, rows: rows), lines)
    }

    /// Why `header` cannot head a table (an empty or repeated name), or nil when it can.
    private static func headerProblem(_ header: [String]) -> String? {
        var seen = Set<String>()
        for (index, name) in header.enumerated() {
            if name.isEmpty { return "column \(index + 1) has an empty name" }
            if !seen.insert(name).inserted { return "duplicate column name \"\(name)\"" }
        }
        return nil
    }
}
