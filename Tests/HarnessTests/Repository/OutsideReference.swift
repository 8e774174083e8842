import Foundation

/// A place where a tracked file points at something a clone of the repository does not have: a design
/// document that is not in it, the directories of the machine the project was first written on, or a
/// source article by the number it had there (docs/ORIGINS.md describes those articles' patterns in the
/// project's own words).
struct OutsideReference: CustomStringConvertible {
    let path: String
    let line: Int
    /// Which rule matched.
    let rule: String
    /// The line, trimmed.
    let excerpt: String

    var description: String { "\(path):\(line): \(rule): \(excerpt)" }

    // The needles are written in two pieces so that this file does not match itself.
    private static let designDocument = "DESIGN" + ".md"
    private static let literalRules: [(rule: String, needle: String)] = [
        ("a directory outside the repository", "shared" + "/"),
        ("a directory outside the repository", "seeds" + "/"),
        ("an absolute path on the machine the project was written on", "/work" + "/"),
    ]
    /// A source article by its number: the word, singular or plural, then a three-digit number from 000,
    /// also inside an identifier and across the line break of a comment (the word ending one `///` line,
    /// the number starting the next). A random-number seed (a hex or one-digit one, the word "seeded", the
    /// argument of `scan`) is not one: ``StandsAloneCheckTests`` plants both kinds.
    private static let articleNumber = ##/seeds?[\s/#*]*0\d\d(?!\d)/##.ignoresCase()

    /// The outside references in `text`, the contents of `path`. `designDocumentIsTracked` says whether the
    /// repository has a file of that name (then citing it is a reference inside the repository).
    static func find(in text: String, of path: String, designDocumentIsTracked: Bool) -> [OutsideReference] {
        var found: [(rule: String, at: String.Index)] = []
        if !designDocumentIsTracked {
            let rule = "\(designDocument), which is not in the repository"
            found += text.ranges(of: designDocument).map { (rule, $0.lowerBound) }
        }
        for (rule, needle) in literalRules {
            found += text.ranges(of: needle).map { ("\(rule) (\(needle))", $0.lowerBound) }
        }
        found += text.matches(of: articleNumber).map { ("a source article by its number", $0.range.lowerBound) }
        return found.map { rule, index in
            let lineStart = text[..<index].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
            let lineEnd = text[index...].firstIndex(of: "\n") ?? text.endIndex
            let excerpt = text[lineStart..<lineEnd].trimmingCharacters(in: .whitespaces)
            return OutsideReference(
                path: path,
                line: text[..<index].count(where: { $0 == "\n" }) + 1,
                rule: rule,
                excerpt: String(excerpt.prefix(160))
            )
        }
        .sorted { ($0.line, $0.rule) < ($1.line, $1.rule) }
    }
}
