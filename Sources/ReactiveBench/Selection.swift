import Glibc

/// Resolves names and shell globs (`map*`, `*Subscription`) given on the command line against the
/// known names; an unknown name is an error that suggests the closest known one.
///
/// A pattern that is a known name selects exactly that name, before any glob matching: names may hold
/// `[` (`map [direct]`), which a glob reads as the start of a character class (`[direct]` matching one
/// of d, i, r, e, c, t), so `map [direct]` would otherwise select nothing. In a glob, `\[` is a literal
/// bracket (`'pipelineDepth* \[direct]'`). Commas separate names, but inside parentheses
/// (`demand (unlimited, slowConsumer)`).
enum Selection {
    /// The names `patterns` select, in the table's order; every name when no pattern is given. Given but
    /// naming nothing (`--workloads ''`, `--implementations ',,'`) is an error, not "all".
    /// A name in `unavailable` (a row this build lacks) is an error that says why.
    static func resolve(
        _ patterns: [String], among names: [String], kind: String, option: String? = nil,
        unavailable: [String: String] = [:]
    ) throws -> [String] {
        let requested = patterns.flatMap(items).filter { !$0.isEmpty }
        guard !requested.isEmpty else {
            guard patterns.isEmpty else {
                let given = patterns.map { "'\($0)'" }.joined(separator: " ")
                throw BadInput("\(option ?? "the selection") \(given) names no \(kind); \(known(names))")
            }
            return names
        }
        var selected: [String] = []
        for pattern in requested {
            let matches = names.contains(pattern) ? [pattern] : names.filter { fnmatch(pattern, $0, 0) == 0 }
            guard !matches.isEmpty else {
                if let reason = unavailable[pattern] { throw BadInput(reason) }
                let list = known(names)
                // A glob is no misspelt name: suggesting the closest name would only confuse.
                if pattern.contains(where: "*?[".contains) {
                    throw BadInput("no \(kind) matches '\(pattern)'; \(list)")
                }
                let hint = closest(to: pattern, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw BadInput("unknown \(kind) '\(pattern)'\(hint); \(list)")
            }
            selected.append(contentsOf: matches.filter { !selected.contains($0) })
        }
        // Keep the table's order, whatever order the patterns came in.
        return names.filter(selected.contains)
    }

    /// `list` cut at its commas outside parentheses: `map,demand (unlimited, slowConsumer)` is two names,
    /// as `list` spells them.
    static func items(_ list: String) -> [String] {
        var items = [""], depth = 0
        for character in list {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                items.append("")
                continue
            default: break
            }
            items[items.count - 1].append(character)
        }
        return items
    }

    /// Short lists are spelt out; a long one (the workloads) would bury the line's point.
    private static func known(_ names: [String]) -> String {
        names.count <= 12 ? "known: \(names.joined(separator: ", "))" : "`reactive-bench list` names all \(names.count)"
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
