/// How a comparison is printed.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal.
    case terminal
    /// GitHub-flavoured Markdown, for a CI step summary.
    case markdown
    /// Every cell and metric as CSV, for scripts (scripts/plot's compare chart): no notes, no rules.
    case csv
}
