import Foundation

/// The relative links of a Markdown file, and whether each one reaches a file of the repository (and, for
/// `#anchor` links into Markdown, a heading of that file), as GitHub renders them.
enum MarkdownLinks {
    struct Link: Equatable {
        /// 1-based.
        let line: Int
        let target: String
    }

    /// Every link and image target of `text` outside code (fenced blocks and `code spans`): `[text](target)`,
    /// `![alt](target)` and reference definitions `[label]: target`.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        for (number, line) in linesOutsideFences(text) {
            let prose = line.replacing(#/`[^`]*`/#, with: "")
            for match in prose.matches(of: #/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/#) {
                links.append(Link(line: number, target: String(match.output.1)))
            }
            if let match = prose.wholeMatch(of: #/\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?.*/#) {
                links.append(Link(line: number, target: String(match.output.1)))
            }
        }
        return links
    }

    /// Why `link`, found in the Markdown file at `document`, does not resolve, or nil when it does. Links with
    /// a scheme (`https:`, `mailto:`) are not the repository's and are not checked.
    static func problem(
        with link: Link, in document: String, files: RepositoryFiles, text: (String) -> String?
    ) -> String? {
        let target = link.target
        if target.firstMatch(of: #/^[A-Za-z][A-Za-z0-9+.-]*:/#) != nil { return nil }
        if target.hasPrefix("/") { return "\(target): an absolute path, outside the repository" }
        let (pathPart, anchor) = split(target)
        guard let path = resolve(pathPart, from: document) else {
            return "\(target): leaves the repository"
        }
        guard path.isEmpty || files.pathsAndDirectories.contains(path) else {
            return "\(target): \(path) is not a file of the repository"
        }
        let file = path.isEmpty ? document : path
        guard let anchor, file.hasSuffix(".md") else { return nil }
        guard let markdown = text(file) else { return "\(target): \(file) cannot be read" }
        return anchors(in: markdown).contains(anchor) ? nil : "\(target): \(file) has no heading #\(anchor)"
    }

    /// The ids GitHub gives the headings of `text`: ``slug(_:)`` of each, a repeated one suffixed `-1`, `-2`,
    /// ..., and the ids of `<a name>`/`<a id>` tags.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = [], uses: [String: Int] = [:]
        for (_, line) in linesOutsideFences(text) {
            if let heading = line.wholeMatch(of: #/ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*/#) {
                let slug = slug(String(heading.output.1))
                let use = uses[slug, default: 0]
                uses[slug] = use + 1
                anchors.insert(use == 0 ? slug : "\(slug)-\(use)")
            }
            for tag in line.matches(of: #/<a\s+(?:name|id)="([^"]+)"/#) {
                anchors.insert(String(tag.output.1))
            }
        }
        return anchors
    }

    /// GitHub's id for a heading: its text as rendered (links and code marks dropped, inline HTML removed),
    /// lowercased, every character that is not a letter, a digit, `_`, `-` or a space dropped, and each
    /// space made a hyphen.
    static func slug(_ heading: String) -> String {
        let rendered = heading
            .replacing(#/!?\[([^\]]*)\]\([^)]*\)/#) { String($0.output.1) }
            .replacing(#/<[^>]+>/#, with: "")
        let kept = rendered.lowercased().unicodeScalars.filter { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark || "_- ".unicodeScalars.contains(scalar)
        }
        return String(String.UnicodeScalarView(kept)).replacing(" ", with: "-")
    }

    /// `path` (relative to `document`'s directory, percent-encoded as a link is) from the repository's
    /// root, or nil when it climbs above the root. "" is `document` itself (a link that is only an anchor).
    static func resolve(_ path: String, from document: String) -> String? {
        guard !path.isEmpty else { return "" }
        var components = document.split(separator: "/").dropLast().map(String.init)
        for component in (path.removingPercentEncoding ?? path).split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    private static func split(_ target: String) -> (path: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        let anchor = String(target[target.index(after: hash)...])
        return (String(target[..<hash]), anchor.removingPercentEncoding ?? anchor)
    }

    /// The lines of `text` with their 1-based numbers, leaving out fenced code blocks (``` or ~~~) and their
    /// fences.
    private static func linesOutsideFences(_ text: String) -> [(Int, Substring)] {
        var lines: [(Int, Substring)] = [], fence: Substring?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if let marker = trimmed.prefixMatch(of: #/```+|~~~+/#) {
                fence = marker.output
            } else {
                lines.append((index + 1, line))
            }
        }
        return lines
    }
}
