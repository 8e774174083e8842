/// results.csv's columns of an instruction run (`run --metric instructions`): empty in a time run.
extension ResultColumn {
    public static let instructionsPerUnit = ColumnDeclaration(
        "instructions_per_unit", unit: .instructions,
        "instructions executed during the timed batches / units, the median over repetitions: only the calls that push "
            + "the units (not set-up, warm-up, the clock or the harness between batches)"
    )
    public static let instructionsPerSubscription = ColumnDeclaration(
        "instructions_per_subscription", unit: .instructions,
        "`element` workloads: instructions to build the pipeline and subscribe (the median over repetitions); "
            + "`subscription` workloads: the same as `instructions_per_unit`"
    )
    /// `callgrind` or `perf` in an instruction run's rows; empty in a time run's.
    public static let instructionsSource = ColumnDeclaration(
        "instructions_source",
        "where the counts come from: `callgrind` (valgrind's simulated CPU, all threads; repeats exactly) or `perf` (the "
            + "CPU's counter, user space, the sending thread only); empty in time runs"
    )

    /// The cost anatomy's column of `counter` per unit (callgrind only).
    public static func anatomyPerUnit(_ counter: AnatomyCounter) -> ColumnDeclaration {
        ColumnDeclaration(
            "\(counter.columnStem)_per_unit", unit: .count,
            "\(counter.title) per unit in the timed batches, the median over repetitions (callgrind only; the anatomy's counters say what each counts)"
        )
    }

    /// The cost anatomy's column of `counter` per subscription (callgrind only).
    public static func anatomyPerSubscription(_ counter: AnatomyCounter) -> ColumnDeclaration {
        ColumnDeclaration(
            "\(counter.columnStem)_per_subscription", unit: .count,
            "`\(anatomyPerUnit(counter).name)` for building and subscribing the pipeline (`element` workloads); the "
                + "same as it in `subscription` workloads"
        )
    }

    /// The column of instructions per unit executed in `component` (callgrind only).
    public static func componentPerUnit(_ component: InstructionComponent) -> ColumnDeclaration {
        ColumnDeclaration(
            "instructions_in_\(component.columnStem)_per_unit", unit: .instructions,
            "the part of `instructions_per_unit` executed in the \(component.title) component (the parts sum to it; callgrind only)"
        )
    }

    /// The column of a simulated event per unit: `run --metric instructions --simulate` only.
    public static func simulatedPerUnit(_ event: SimulatedEvent) -> ColumnDeclaration {
        ColumnDeclaration(
            "\(event.columnStem)_per_unit", unit: event.unit,
            "\(event.title) per unit in the timed batches, the median over repetitions (`--simulate` only; what callgrind counts: the simulated events)"
        )
    }
}
