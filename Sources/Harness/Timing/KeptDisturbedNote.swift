/// What a row's `detail` says when the noise gate found too few of a cell's repetitions quiet and kept them
/// all: the runner writes it, `compare` reads it, from this one text.
public enum KeptDisturbedNote {
    private static let opening = "machine disturbed: only "
    private static let closing = "; all are kept"

    /// The note for `quiet` quiet repetitions of `total`, with why the others were not (` (3 had a CPU for ...)`,
    /// or empty).
    public static func text(quiet: Int, of total: Int, why: String) -> String {
        "\(opening)\(quiet) of \(total) repetitions were quiet\(why)\(closing)"
    }

    /// Whether `detail` carries the note (alone, or among others: `unspecialised: ...; machine disturbed: ...`).
    public static func isIn(_ detail: String) -> Bool {
        guard let start = detail.range(of: opening) else { return false }
        return detail[start.upperBound...].contains(closing)
    }
}
