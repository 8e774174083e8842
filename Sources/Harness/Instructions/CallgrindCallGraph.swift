/// The calls one callgrind output file records: for each caller -> callee pair, how often the call was
/// made (its `calls=` lines), and the file's totals per event.
///
/// Callgrind compresses names: `fn=(12) name` the first time a function appears in a file, `fn=(12)`
/// after. Every part file of a run defines the names it uses (checked on valgrind 3.19: the ids are
/// shared between parts, the definitions are repeated), so a file is read on its own.
public struct CallgrindCallGraph: Sendable {
    /// A call from one function to another, by normalised names (``normalizedName(_:)``).
    public struct Call: Hashable, Sendable {
        public var caller: String
        public var callee: String
    }

    /// How often each call was made while the file's counts were gathered.
    public private(set) var calls: [Call: UInt64] = [:]
    /// The `totals:` line's value for each event of the `events:` line (`Ir`, `Ge`, ...).
    public private(set) var totals: [String: UInt64] = [:]
    /// The client request's label from `desc: Trigger: Client Request: <label>`; empty for other triggers.
    public private(set) var label = ""

    /// Reads a callgrind output file's text.
    public init(parsing text: String) {
        var reader = Reader()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            reader.read(line, into: &self)
        }
    }

    /// Calls made to any of `callees` from functions that are not themselves among them.
    public func callCount(to callees: Set<String>) -> UInt64 {
        calls.reduce(0) { sum, entry in
            callees.contains(entry.key.callee) && !callees.contains(entry.key.caller) ? sum + entry.value : sum
        }
    }

    /// A function's name as callgrind writes it, reduced to what identifies the symbol: without glibc's
    /// version (`pthread_mutex_lock@@GLIBC_2.2.5`), a C++ parameter list
    /// (`_swift_getGenericMetadata(swift::MetadataRequest, ...)`) or callgrind's recursion mark
    /// (`swift_release'2`). A leading parenthesis stays (`(below main)`, `(anonymous namespace)::...`).
    public static func normalizedName<S: StringProtocol>(_ name: S) -> String {
        var end = name.endIndex
        if let at = name.firstIndex(of: "@") { end = at }
        // A leading parenthesis opens a name part (`(anonymous namespace)::`), not the parameter list.
        let afterFirst = name.startIndex < end ? name.index(after: name.startIndex) : end
        if let parenthesis = name[afterFirst..<end].firstIndex(of: "(") { end = parenthesis }
        if let quote = name[..<end].lastIndex(of: "'"), name[name.index(after: quote)..<end].allSatisfy(\.isNumber) {
            end = quote
        }
        return String(name[..<end])
    }

    // MARK: - Reading

    /// The state of reading one file line by line: names defined so far, the current caller and callee.
    private struct Reader {
        var names: [Substring: String] = [:]
        var events: [String] = []
        var caller = ""
        var callee = ""

        mutating func read(_ line: Substring, into graph: inout CallgrindCallGraph) {
            if line.hasPrefix("fn=") {
                caller = name(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                let count = line.dropFirst(6).prefix(while: \.isNumber)
                graph.calls[Call(caller: caller, callee: callee), default: 0] += UInt64(count) ?? 0
            } else if line.hasPrefix("events:") {
                events = line.dropFirst(7).split(separator: " ").map(String.init)
            } else if line.hasPrefix("totals:") {
                let values = line.dropFirst(7).split(separator: " ").compactMap { UInt64($0) }
                for (event, value) in zip(events, values) { graph.totals[event] = value }
            } else if line.hasPrefix("desc: Trigger: Client Request: ") {
                graph.label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            }
        }

        /// `(id) name` defines and returns a name, `(id)` returns the one defined before; an uncompressed
        /// `name` is itself.
        mutating func name(_ field: Substring) -> String {
            guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else {
                return CallgrindCallGraph.normalizedName(field)
            }
            let id = field[...close]
            let rest = field[field.index(after: close)...].drop(while: { $0 == " " })
            if rest.isEmpty { return names[id] ?? String(id) }
            let normalized = CallgrindCallGraph.normalizedName(rest)
            names[id] = normalized
            return normalized
        }
    }
}
