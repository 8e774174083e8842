import Harness
import StyleKit

/// The implementations as docs/STYLES.md and `reactive-bench list --format markdown` show them, made from
/// the registry so that no document lists the rows by hand: what each row is, then which operators it
/// supports.
public enum ImplementationTables {
    /// One row per implementation: its name, family, whether it is thread-safe, its demand, what it is and
    /// when to use it.
    public static func implementations(_ rows: [Implementation]) -> TextTable {
        TextTable(
            header: ["implementation", "family", "thread-safe", "demand", "what it is", "when to use it"],
            rows: rows.map { row in
                [
                    "`\(row.id)`", row.family.rawValue, row.isThreadSafe ? "yes" : "no", demandName(row.demand),
                    row.summary, row.whenToUse ?? "",
                ]
            }
        )
    }

    /// One row per operator, one column per implementation: `yes`, or **unsupported** and why.
    public static func support(_ rows: [Implementation]) -> TextTable {
        TextTable(
            header: ["operator"] + rows.map { "`\($0.id)`" },
            rows: OperatorID.allCases.map { operation in
                ["`\(operation.rawValue)`"] + rows.map { row in
                    guard !row.supports(operation) else { return "yes" }
                    return row.unsupportedReasons[operation].map { "**unsupported**: \($0)" } ?? "**unsupported**"
                }
            }
        )
    }

    /// Both tables in Markdown, as docs/STYLES.md holds them between its markers.
    public static func markdown(_ rows: [Implementation]) -> String {
        implementations(rows).markdown() + "\n\n" + support(rows).markdown()
    }

    private static func demandName(_ demand: DemandModel) -> String {
        switch demand {
        case .subscriberDemand: "subscriber demand"
        case .bufferOrRendezvous: "a buffer or a rendezvous"
        case .none: "none (push only)"
        }
    }
}
