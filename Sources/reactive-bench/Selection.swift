import Glibc

/// Resolves names and shell globs (`map*`, `*Subscription`) given on the command line against the
/// known names; an unknown name is an error that suggests the closest known one.
///
/// A pattern that is a known name selects exactly that name, before any glob matching: names may hold
/// `[` (`map [direct]`), which a glob reads as the start of a character class (`[direct]` matching one
/// of d, i, r, e, c, t), so `map [direct]` would otherwise select nothing. In a glob, `\[` is a literal
/// bracket (`'pipelineDepth* \[direct]'`).
enum Selection {
    static func resolve(_ patterns: [String], among names: [String], kind: String) throws -> [String] {
        let requested = patterns.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
        guard !requested.isEmpty else { return names }
        var selected: [String] = []
        for pattern in requested {
            let matches = names.contains(pattern) ? [pattern] : names.filter { fnmatch(pattern, $0, 0) == 0 }
            guard !matches.isEmpty else {
                // Short lists are spelt out; a long one (the workloads) would bury the line's point.
                let known = names.count <= 12
                    ? "known: \(names.joined(separator: ", "))" : "`reactive-bench list` names all \(names.count)"
                // A glob is no misspelt name: suggesting the closest name would only confuse.
                if pattern.contains(where: "*?[".contains) {
                    throw BadInput("no \(kind) matches '\(pattern)'; \(known)")
                }
                let hint = closest(to: pattern, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw BadInput("unknown \(kind) '\(pattern)'\(hint); \(known)")
            }
            selected.append(contentsOf: matches.filter { !selected.contains($0) })
        }
        // Keep the table's order, whatever order the patterns came in.
        return names.filter(selected.contains)
    }

    static func closest(to word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(3, word.count / 2) else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
