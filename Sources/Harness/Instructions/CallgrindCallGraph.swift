/// The calls one callgrind output file records: for each caller -> callee pair, how often the call was
/// made (its `calls=` lines); each function's own instructions; and the file's totals per event.
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

    /// A function, by normalised name, in the object file (executable or shared library) holding it.
    public struct Function: Hashable, Sendable {
        public var object: String
        public var name: String
    }

    /// How often each call was made while the file's counts were gathered.
    public private(set) var calls: [Call: UInt64] = [:]
    /// Each function's self cost in instructions (`Ir`): the cost lines under its `fn=`, without the
    /// inclusive cost of the calls it makes (the line after each `calls=`). They sum to the file's total.
    public private(set) var selfInstructions: [Function: UInt64] = [:]
    /// The `totals:` line's value for each event of the `events:` line (`Ir`, `Ge`, ...), 0 for those it
    /// leaves out at its end.
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

    /// The state of reading one file line by line: names and objects defined so far, the current object,
    /// caller and callee, and whether the next cost line is a call's.
    private struct Reader {
        var names: [Substring: String] = [:]
        var objects: [Substring: String] = [:]
        var events: [String] = []
        var positions = 1
        var object = ""
        var caller = ""
        var callee = ""
        var nextCostIsACall = false

        mutating func read(_ line: Substring, into graph: inout CallgrindCallGraph) {
            if let first = line.first, first.isNumber || first == "+" || first == "-" || first == "*" {
                readCost(line, into: &graph)
            } else if line.hasPrefix("ob=") {
                object = objectName(line.dropFirst(3))
            } else if line.hasPrefix("cob=") {
                _ = objectName(line.dropFirst(4))
            } else if line.hasPrefix("fn=") {
                caller = name(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                let count = line.dropFirst(6).prefix(while: \.isNumber)
                graph.calls[Call(caller: caller, callee: callee), default: 0] += UInt64(count) ?? 0
                nextCostIsACall = true
            } else if line.hasPrefix("positions:") {
                positions = line.dropFirst(10).split(separator: " ").count
            } else if line.hasPrefix("events:") {
                events = line.dropFirst(7).split(separator: " ").map(String.init)
            } else if line.hasPrefix("totals:") {
                // Every event of the `events:` line, those the line leaves out at its end being 0.
                let values = line.dropFirst(7).split(separator: " ").compactMap { UInt64($0) }
                for (index, event) in events.enumerated() { graph.totals[event] = index < values.count ? values[index] : 0 }
            } else if line.hasPrefix("desc: Trigger: Client Request: ") {
                graph.label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            }
        }

        /// A cost line: positions, then one value per event (trailing zeros left out). The line after a
        /// `calls=` is the call's inclusive cost, not the function's own.
        mutating func readCost(_ line: Substring, into graph: inout CallgrindCallGraph) {
            if nextCostIsACall {
                nextCostIsACall = false
                return
            }
            guard let ir = events.firstIndex(of: "Ir") else { return }
            let fields = line.split(separator: " ")
            guard fields.count > positions + ir, let value = UInt64(fields[positions + ir]), value > 0 else { return }
            graph.selfInstructions[Function(object: object, name: caller), default: 0] += value
        }

        /// `(id) path` defines and returns an object file, `(id)` returns the one defined before.
        mutating func objectName(_ field: Substring) -> String {
            guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return String(field) }
            let id = field[...close]
            let rest = field[field.index(after: close)...].drop(while: { $0 == " " })
            if rest.isEmpty { return objects[id] ?? String(id) }
            objects[id] = String(rest)
            return String(rest)
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
