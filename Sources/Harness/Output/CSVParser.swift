/// Splits RFC 4180 text into records, strictly: quoted fields may hold commas, quotes (doubled) and line
/// breaks; a quote inside an unquoted field, text after a closing quote, a bare carriage return or an
/// unterminated quote is an error naming its line. Records end with LF or CRLF; the last may end with neither.
struct CSVParser {
    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private let bytes: [UInt8]
    private var position = 0
    /// The physical line (1-based) at `position`.
    private var line = 1

    init(_ text: String) {
        var bytes = Array(text.utf8)
        // A byte order mark is how some spreadsheets say UTF-8; it is not part of the first field.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
    }

    /// The next record and the line it starts on, or nil at the end of the text.
    mutating func nextRecord() throws(HarnessError) -> (fields: [String], line: Int)? {
        guard position < bytes.count else { return nil }
        let recordLine = line
        var fields = [String]()
        while true {
            fields.append(try nextField())
            guard position < bytes.count else { return (fields, recordLine) }
            let delimiter = bytes[position]
            position += 1
            if delimiter == Self.comma { continue }
            if delimiter == Self.carriageReturn { position += 1 }  // nextField checked the LF follows
            line += 1
            return (fields, recordLine)
        }
    }

    /// Reads one field and stops at the delimiter after it (comma, line break or end), without consuming it.
    private mutating func nextField() throws(HarnessError) -> String {
        if position < bytes.count && bytes[position] == Self.quote {
            return try quotedField()
        }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.comma || byte == Self.lineFeed { break }
            if byte == Self.carriageReturn {
                try expectLineFeedAfterCarriageReturn()
                break
            }
            if byte == Self.quote {
                throw HarnessError(
                    "line \(line): a quote inside an unquoted field (quote the whole field and double the quote)"
                )
            }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quotedField() throws(HarnessError) -> String {
        let openingLine = line
        position += 1
        var field = [UInt8]()
        while true {
            guard position < bytes.count else {
                throw HarnessError(
                    "line \(openingLine): unterminated quoted field (the file ends before its closing quote)"
                )
            }
            let byte = bytes[position]
            position += 1
            if byte == Self.quote {
                guard position < bytes.count && bytes[position] == Self.quote else { break }
                position += 1
            } else if byte == Self.lineFeed {
                line += 1
            }
            field.append(byte)
        }
        guard position < bytes.count else { return String(decoding: field, as: UTF8.self) }
        switch bytes[position] {
        case Self.comma, Self.lineFeed: break
        case Self.carriageReturn: try expectLineFeedAfterCarriageReturn()
        default:
            throw HarnessError("line \(line): unexpected text after a closing quote (expected a comma or a line break)")
        }
        return String(decoding: field, as: UTF8.self)
    }

    private func expectLineFeedAfterCarriageReturn() throws(HarnessError) {
        guard position + 1 < bytes.count && bytes[position + 1] == Self.lineFeed else {
            throw HarnessError("line \(line): a carriage return outside quotes that does not end the line")
        }
    }
}
