#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one run of the tool puts its output: a new directory per run, never reused.
public enum RunDirectory {
    /// Whether `label` can end a run directory's name: non-empty, no '/', no control character (a NUL
    /// ends a path; a line break or a tab would split the tool's one-line messages and scripts' lines).
    public static func isValidLabel(_ label: String) -> Bool {
        !label.isEmpty && !label.contains("/") && !label.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `text` with its control characters written as escapes (`\n`, `\t`, `\u{1B}`), to quote on one line.
    public static func escapingControls(_ text: String) -> String {
        text.unicodeScalars.reduce(into: "") { result, scalar in
            guard scalar.properties.generalCategory == .control else { return result.unicodeScalars.append(scalar) }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
    }

    /// Creates `<parent>/<yyyyMMdd-HHmmss>-<label>` (UTC), creating `parent` first if needed, and returns
    /// its path. When that name exists (two runs in one second), `-2`, `-3`, ... is appended; `mkdir`
    /// fails atomically on an existing name, so two processes racing never get the same directory.
    ///
    /// - Throws: if `label` is empty or holds a `/`, or if the directory cannot be created (the message
    ///   names the path and the reason, such as a parent that is not writable).
    public static func create(under parent: String, label: String) throws(HarnessError) -> String {
        try create(under: parent, label: label, secondsSince1970: Int(time(nil)))
    }

    /// Removes the run directory at `path` if nothing was written into it (a command that stopped or failed
    /// before its first file), so that no empty run is left for a reader to puzzle over.
    public static func removeIfEmpty(_ path: String) {
        rmdir(path)
    }

    /// ``create(under:label:)`` for a given time, in seconds since 1970 (UTC).
    public static func create(under parent: String, label: String, secondsSince1970: Int) throws(HarnessError)
        -> String
    {
        guard isValidLabel(label) else {
            throw HarnessError(
                "invalid run label \"\(escapingControls(label))\": it must be non-empty and hold no '/' or control character"
            )
        }
        // A line break or another control character in the path would end up in every line naming it.
        guard !parent.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw HarnessError(
                "cannot create a run directory under '\(escapingControls(parent))': the path holds a control character"
            )
        }
        do throws(HarnessError) {
            try FileSystem.makeDirectories(parent)
        } catch {
            throw HarnessError("cannot create a run directory under \(parent): \(error.message)")
        }
        let base = "\(parent.hasSuffix("/") ? String(parent.dropLast()) : parent)/"
            + "\(UTCTimestamp(secondsSince1970: secondsSince1970).compact)-\(label)"
        var attempt = 1
        while true {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            if mkdir(candidate, 0o755) == 0 { return candidate }
            let code = errno
            guard code == EEXIST else {
                throw FileSystem.failure(code, "cannot create a run directory under \(parent)")
            }
            attempt += 1
        }
    }
}
